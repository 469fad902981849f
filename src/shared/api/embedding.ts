import { z } from 'zod';
import { embedOriginsProblem, maxEmbedOrigins, webOriginOf } from '../embedding/web-origin';
import { timestampSchema } from './common';

export const embedOriginsSchema = z
  .array(z.string().max(300))
  .max(maxEmbedOrigins)
  .superRefine((origins, ctx) => {
    const problem = embedOriginsProblem(origins);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((origins) => [...new Set(origins.map((origin) => webOriginOf(origin) as string))])
  .describe('Web origins (scheme, host and port) whose pages may show the signing page in a frame');

export const embeddingSettingsSchema = z.object({
  origins: z.array(z.string()).describe('Web origins whose pages may show the signing page in a frame'),
});
export type EmbeddingSettings = z.infer<typeof embeddingSettingsSchema>;

export const updateEmbeddingBodySchema = z.object({ origins: embedOriginsSchema });

export const embedSigningBodySchema = z.object({
  origin: z
    .string()
    .max(300)
    .optional()
    .describe(
      "The origin of the page that will frame the signing page: one of the organization's (Settings, Developers, Embedding). May be left out when the organization lists one",
    ),
});

export const embedSigningUrlSchema = z.object({
  url: z.string().describe('Open it in an iframe at once: it works for ten minutes, for one session'),
  expiresAt: timestampSchema,
  origin: z.string().describe('The origin the page will post its events to, and may be framed by'),
});
export type EmbedSigningUrl = z.infer<typeof embedSigningUrlSchema>;
