import { z } from 'zod';
import { roles } from '../enums';
import { emailSchema, idSchema, timestampSchema } from './common';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(256, { error: 'Password must be at most 256 characters' });

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(100, { error: 'Name must be at most 100 characters' });

export const signUpBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  organizationName: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, { error: 'Organization name is required' })
    .max(100, { error: 'Organization name must be at most 100 characters' }),
});

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(256, {
    error: 'Password must be at most 256 characters',
  }),
  remember: z
    .boolean()
    .default(false)
    .describe('Keep the session for 30 days instead of until the browser closes'),
});

export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const currentUserSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    role: roleSchema,
    organization: z.object({ id: idSchema, name: z.string() }),
    twoFactorSetupRequired: z
      .boolean()
      .describe('The organization requires a second factor this person has not set up: only that is open'),
  })
  .meta({ id: 'CurrentUser' });

export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserResponseSchema = z.object({ user: currentUserSchema });

/** The browser's session probe: the signed-in person, or null. */
export const sessionResponseSchema = z.object({ user: currentUserSchema.nullable() });

export const demoCredentialsSchema = z.object({ email: z.string(), password: z.string() });

/** The demo workspace's sign-in, or null on a server that has none. */
export const demoCredentialsResponseSchema = z.object({ credentials: demoCredentialsSchema.nullable() });

export const passwordResetRequestBodySchema = z.object({ email: emailSchema });

/** The same answer whether or not the e-mail has an account. */
export const passwordResetRequestedSchema = z.object({ message: z.string() });

/** The token of a /reset-password/{token} link: 256 random bits in base64url. */
export const passwordResetTokenSchema = z
  .string({ error: 'The reset link is missing its token' })
  .min(1, { error: 'The reset link is missing its token' })
  .max(100, { error: 'This password reset link is not valid' });

export const passwordResetCheckBodySchema = z.object({ token: passwordResetTokenSchema });

export const passwordResetCheckSchema = z.object({
  expiresAt: timestampSchema.describe('When the link stops working'),
  apiTokens: z
    .number()
    .int()
    .describe('How many API tokens the account made that still work (the reset can revoke them)'),
});

export const passwordResetConfirmBodySchema = z.object({
  token: passwordResetTokenSchema,
  password: passwordSchema,
  revokeApiTokens: z
    .boolean()
    .default(false)
    .describe('Also revoke every API token the account made, once the reset is done'),
});

/** The one answer to a sign-up, whether or not the address already has an account. */
export const signUpRequestedSchema = z.object({ message: z.string() });

/** The token of a /confirm-email/{token} link: 256 random bits in base64url. */
export const emailConfirmBodySchema = z.object({
  token: z
    .string({ error: 'The confirmation link is missing its token' })
    .min(1, { error: 'The confirmation link is missing its token' })
    .max(100, { error: 'This confirmation link is not valid' }),
  password: z
    .string()
    .max(256, { error: 'Password must be at most 256 characters' })
    .optional()
    .describe(
      'The password chosen at sign-up: needed to finish a sign-up in another browser than the one that asked for it',
    ),
});

export const emailConfirmedSchema = z.object({
  purpose: z
    .enum(['sign-up', 'email-change'])
    .describe(
      "'sign-up': the account was made and this browser signed in; 'email-change': the address switched",
    ),
  email: z.string().describe('The address now confirmed'),
  user: currentUserSchema
    .nullable()
    .describe('The signed-in user: the new account, or the changed one when this browser is signed in to it'),
});
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;
