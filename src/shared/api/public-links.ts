import { z } from 'zod';
import { embedOriginsProblem, maxEmbedOrigins, webOriginOf } from '../embedding/web-origin';
import { contractStatuses } from '../statuses';
import { emailSchema, idSchema, pageOf, timestampSchema } from './common';

// Public signing links: the owner's settings of a link, and what its visitor sends and sees.

const embedOriginSchema = z
  .string()
  .max(300)
  .transform((text, ctx) => {
    const origin = webOriginOf(text);
    if (origin === null) {
      ctx.addIssue({ code: 'custom', message: embedOriginsProblem([text]) ?? 'Give a web origin' });
      return z.NEVER;
    }
    return origin;
  });

const linkNameSchema = z
  .string({ error: 'Give the link a name' })
  .trim()
  .min(1, { error: 'Give the link a name' })
  .max(200, { error: "A link's name must be at most 200 characters" });

const capSchema = (what: string, max: number) =>
  z
    .int({ error: `${what} must be a whole number` })
    .min(1, { error: `${what} must be at least 1 (or none, for no cap)` })
    .max(max, { error: `${what} must be at most ${max}` })
    .nullable();

const settingsShape = {
  name: linkNameSchema,
  projectId: idSchema
    .nullable()
    .describe("Where each submission's contract goes; the organization's first project when null"),
  expiresAt: timestampSchema.nullable().describe('When the link stops taking submissions; never when null'),
  maxPerDay: capSchema('The cap per day', 100_000).describe('Submissions a UTC day; no cap when null'),
  maxTotal: capSchema('The total cap', 1_000_000).describe('Submissions in all; no cap when null'),
  requireEmailCode: z
    .boolean()
    .describe('The visitor confirms their address with an e-mailed code before signing'),
  embedOrigins: z
    .array(embedOriginSchema)
    .max(maxEmbedOrigins, { error: `List at most ${maxEmbedOrigins} web origins` })
    .transform((origins) => [...new Set(origins)])
    .describe(
      'Web origins whose pages may show the link in a frame (https, or http on localhost or 127.0.0.1 while trying), kept as scheme://host[:port]',
    ),
};

export const createPublicLinkBodySchema = z.object({
  roleNumber: z
    .int({ error: "Give the visitor's role, by its number in the template" })
    .min(1)
    .max(50)
    .describe(
      "The template's role (its number, from 1) the visitor takes: one whose person is given per contract, in the first group",
    ),
  name: settingsShape.name,
  projectId: settingsShape.projectId.default(null),
  expiresAt: settingsShape.expiresAt.default(null),
  maxPerDay: settingsShape.maxPerDay.default(null),
  maxTotal: settingsShape.maxTotal.default(null),
  requireEmailCode: settingsShape.requireEmailCode.default(false),
  embedOrigins: settingsShape.embedOrigins.default([]),
});
export type CreatePublicLinkInput = z.infer<typeof createPublicLinkBodySchema>;

export const updatePublicLinkBodySchema = z
  .object({ ...settingsShape, enabled: z.boolean().describe('Off: the link answers as if it did not exist') })
  .partial();
export type UpdatePublicLinkInput = z.infer<typeof updatePublicLinkBodySchema>;

/** What the owner's link is doing now. */
export const publicLinkStates = ['active', 'off', 'expired', 'full', 'full_today'] as const;
export type PublicLinkState = (typeof publicLinkStates)[number];

export const publicLinkSchema = z.object({
  id: idSchema,
  templateId: idSchema,
  roleNumber: z.int(),
  roleName: z.string().describe("The visitor's role as the template names it"),
  name: z.string(),
  url: z.string().describe("The link's page; only members of the organization see it"),
  projectId: idSchema.nullable(),
  enabled: z.boolean(),
  state: z.enum(publicLinkStates),
  expiresAt: timestampSchema.nullable(),
  maxPerDay: z.int().nullable(),
  maxTotal: z.int().nullable(),
  requireEmailCode: z.boolean(),
  embedOrigins: z.array(z.string()),
  submissions: z.int().describe('Submissions in all'),
  submissionsToday: z.int().describe('Submissions this UTC day'),
  createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

export const publicLinkListSchema = z.object({ items: z.array(publicLinkSchema) });

export const publicLinkSubmissionSchema = z.object({
  id: idSchema,
  visitorName: z.string(),
  visitorEmail: z.string(),
  createdAt: timestampSchema,
  contract: z
    .object({ id: idSchema, title: z.string(), status: z.enum(contractStatuses) })
    .nullable()
    .describe('The contract the submission made; null when it was deleted'),
});
export type PublicLinkSubmission = z.infer<typeof publicLinkSubmissionSchema>;
export const publicLinkSubmissionPageSchema = pageOf(publicLinkSubmissionSchema);

// The visitor's side.

export const publicLinkTokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

export const publicLinkPageSchema = z.object({
  organizationName: z.string(),
  templateTitle: z.string(),
  roleName: z.string(),
  requireEmailCode: z.boolean(),
});
export type PublicLinkPage = z.infer<typeof publicLinkPageSchema>;

export const startPublicLinkBodySchema = z.object({
  name: z
    .string({ error: 'Give your full name' })
    .trim()
    .min(1, { error: 'Give your full name' })
    .max(200, { error: 'Your name must be at most 200 characters' }),
  email: emailSchema,
});

export const confirmPublicLinkBodySchema = z.object({
  visitId: idSchema,
  code: z
    .string({ error: 'Enter the code from the e-mail' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The code is six digits' }),
});

/** After start: a code went out (confirm it), or the contract is made and waits to be signed. */
export const publicLinkStepSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('code'),
    visitId: idSchema,
    maskedEmail: z.string(),
  }),
  z.object({
    step: z.literal('sign'),
    signingPath: z
      .string()
      .describe(
        'The signing page of the new contract, for this visitor: open it at once (it works ten minutes, once)',
      ),
    embedSigningPath: z.string().describe('The same page for a frame of an allowed origin'),
  }),
]);
export type PublicLinkStep = z.infer<typeof publicLinkStepSchema>;
