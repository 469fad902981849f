import { z } from 'zod';
import { currentUserSchema } from './auth';
import { idSchema, timestampSchema } from './common';

/** The ways a person can prove the second factor at sign-in. */
export const secondFactorMethodSchema = z.enum(['totp', 'passkey', 'recovery-code']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/**
 * What a sign-in answers: the session's user, or (202) that the password was right but a second
 * factor must follow at POST /api/auth/two-factor, within 10 minutes, with one of `methods`.
 */
export const secondFactorRequiredSchema = z
  .object({
    secondFactor: z.object({ methods: z.array(secondFactorMethodSchema) }),
  })
  .meta({ id: 'SecondFactorRequired' });
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const signInOutcomeSchema = z.union([
  z.object({ user: currentUserSchema }),
  secondFactorRequiredSchema,
]);
export type SignInOutcome = z.infer<typeof signInOutcomeSchema>;

/** A six-digit code from an authenticator app. */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app' });

/** A recovery code as printed (xxxxx-xxxxx); spaces, dashes and case do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'Enter a recovery code' })
  .trim()
  .min(1, { error: 'Enter a recovery code' })
  .max(40, { error: 'That is not a recovery code' });

/**
 * A WebAuthn response as @simplewebauthn/browser gives it. Checked in depth by the library;
 * here only bounded, so nobody can send megabytes.
 */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);
export const passkeyAssertionSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(1000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

export const passkeyRegistrationSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64url(2000).optional(),
    authenticatorData: base64url(4000).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;

/** Exactly one of them: a code from the app, a recovery code, or a passkey's answer. */
export const secondFactorBodySchema = z
  .object({
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    passkey: passkeyAssertionSchema.optional(),
  })
  .refine(
    (body) => [body.code, body.recoveryCode, body.passkey].filter((v) => v !== undefined).length === 1,
    {
      error: 'Send one of code, recoveryCode or passkey',
    },
  );
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

/** What the second step of the login page needs to know: which methods the pending sign-in can use. */
export const pendingSecondFactorSchema = z.object({ methods: z.array(secondFactorMethodSchema) });

/** Options to hand to @simplewebauthn/browser's startAuthentication / startRegistration, as is. */
export const webAuthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

export const passkeySignInBodySchema = z.object({
  passkey: passkeyAssertionSchema,
  remember: z.boolean().default(false),
});

export const twoFactorStatusSchema = z
  .object({
    totp: z.object({
      enabled: z.boolean(),
      enabledAt: timestampSchema.nullable(),
    }),
    passkeys: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        createdAt: timestampSchema,
        lastUsedAt: timestampSchema.nullable(),
      }),
    ),
    recoveryCodesLeft: z.number().int().describe('Unused recovery codes'),
    requiredByOrganization: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const totpEnrollmentSchema = z.object({
  secret: z.string().describe('The secret in base32, for typing into an app'),
  uri: z.string().describe('The otpauth:// URI the QR code holds'),
  qrCode: z.string().describe('A data: URL of the QR code (SVG)'),
});

export const confirmTotpBodySchema = z.object({ code: totpCodeSchema });

export const recoveryCodesSchema = z.object({
  codes: z.array(z.string()).describe('Shown once: only their hashes are kept'),
});

export const disableTotpBodySchema = z
  .object({
    currentPassword: z.string().min(1).max(256).optional(),
    code: totpCodeSchema.optional(),
  })
  .refine((body) => body.currentPassword !== undefined || body.code !== undefined, {
    error: 'Enter your current password or a code from your app',
    path: ['currentPassword'],
  });

export const passkeyNameSchema = z
  .string({ error: 'Name the passkey' })
  .trim()
  .min(1, { error: 'Name the passkey' })
  .max(60, { error: 'A passkey name has at most 60 characters' });

export const registerPasskeyBodySchema = z.object({
  name: passkeyNameSchema,
  credential: passkeyRegistrationSchema,
});

export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });
