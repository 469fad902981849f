import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/** What a token may do: `read` only reads; `read-write` also changes (creates, edits, sends…). */
export const apiTokenScopes = ['read', 'read-write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** An organization may keep this many tokens at once: enough for every integration, not a store. */
export const maxApiTokensPerOrganization = 50;

export const createApiTokenBodySchema = z.object({
  name: z
    .string({ error: 'Token name is required' })
    .trim()
    .min(1, { error: 'Token name is required' })
    .max(100, { error: 'Token name must be at most 100 characters' })
    .describe('What the token is for, e.g. "CRM sync"; history entries name it'),
  scope: z.enum(apiTokenScopes, { error: "Scope must be 'read' or 'read-write'" }),
  expiresAt: timestampSchema
    .nullable()
    .optional()
    .describe('When the token stops working; null or absent for never'),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenBodySchema>;

export const apiTokenSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    scope: z.enum(apiTokenScopes),
    prefix: z.string().describe('The first characters of the token, to tell tokens apart'),
    createdBy: z.string().describe('The name of the admin who created it: its requests act as them'),
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema.nullable().describe('When it was last used (to the minute)'),
    expiresAt: timestampSchema.nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createdApiTokenSchema = apiTokenSchema
  .extend({
    token: z.string().describe('The secret, shown this once: only its keyed hash is kept'),
  })
  .meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
