import { z } from 'zod';
import { nameSchema, passwordSchema } from './auth';
import { emailSchema, idSchema, timestampSchema } from './common';
import { imageUploadBodySchema } from './images';

export const profileSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable().describe('A data: URL of the avatar image, or null'),
    emailVerified: z.boolean().describe('Whether the owner proved they read mail at `email`'),
    pendingEmail: z
      .string()
      .nullable()
      .describe('A new address asked for, not in use until the link mailed to it is opened'),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

const currentPasswordSchema = z
  .string({ error: 'Enter your current password' })
  .min(1, { error: 'Enter your current password' })
  .max(256, { error: 'Password must be at most 256 characters' });

export const updateProfileBodySchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  currentPassword: currentPasswordSchema
    .optional()
    .describe('Required when the e-mail changes: the password the account has now'),
});
export type UpdateProfileInput = z.infer<typeof updateProfileBodySchema>;

export const uploadAvatarBodySchema = imageUploadBodySchema('avatar');
export type UploadAvatarInput = z.infer<typeof uploadAvatarBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordBodySchema>;

export const activeSessionSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema.describe('When this sign-in happened'),
    expiresAt: timestampSchema,
    ip: z.string().nullable().describe('The address it was last seen from'),
    lastSeenAt: timestampSchema.describe('When it was last used (to the minute)'),
    device: z.string().describe("The browser and system, e.g. 'Chrome on Linux'"),
    current: z.boolean().describe('Whether this is the session making the request'),
    authMethods: z.array(z.string()).describe("How it signed in: 'password', 'totp', 'passkey'…"),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z.object({ items: z.array(activeSessionSchema) });

export const endSessionsQuerySchema = z.object({
  others: z.literal('true', { error: 'Pass others=true to end every session but this one' }),
});

/** What a request for a confirmation link answers: where it went. */
export const emailConfirmationRequestedSchema = z.object({ email: z.string(), message: z.string() });
