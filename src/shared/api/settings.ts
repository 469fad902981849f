import { z } from 'zod';
import { customFieldTypes } from '../enums';
import { delegationRules } from '../recipients/roles';
import { timestampSchema } from './common';
import { imageUploadBodySchema } from './images';

export const sealingCertificateSchema = z
  .object({
    source: z
      .enum(['organization', 'instance'])
      .describe("The organization's own, or the instance certificate"),
    subject: z.string(),
    issuer: z.string(),
    notBefore: timestampSchema,
    notAfter: timestampSchema,
    fingerprintSha256: z.string(),
  })
  .meta({ id: 'SealingCertificate' });
export type SealingCertificateInfo = z.infer<typeof sealingCertificateSchema>;

export const uploadSealingCertificateBodySchema = z.object({
  p12: z
    .base64({ error: 'The certificate must be a PKCS#12 file (.p12 or .pfx), base64-encoded' })
    .min(1, { error: 'Choose a PKCS#12 file (.p12 or .pfx)' })
    .max(400_000, { error: 'The certificate file is too large' }),
  password: z.string().max(500),
});

export const organizationSettingsSchema = z
  .object({
    name: z.string(),
    logoUrl: z.string().nullable().describe('A data: URL of the logo image, or null'),
    signingExpiryDays: z
      .int()
      .nullable()
      .describe('Days a sent contract stays signable when it has no date; null: no limit'),
    reminderIntervalDays: z.int().nullable().describe('Days between automatic reminders; null: none'),
    delegation: z
      .enum(delegationRules)
      .describe(
        'Whether a signer or approver may hand their turn to someone else: off, once (a delegate may not hand it on), repeated; a contract may set its own',
      ),
  })
  .meta({ id: 'OrganizationSettings' });
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

const daysSchema = (what: string) =>
  z
    .int({ error: `${what} must be a whole number of days` })
    .min(1, { error: `${what} must be at least 1 day` })
    .max(365, { error: `${what} must be at most 365 days` })
    .nullable();

export const updateOrganizationSettingsBodySchema = z
  .object({
    name: z
      .string({ error: 'Organization name is required' })
      .trim()
      .min(1, { error: 'Organization name is required' })
      .max(100, { error: 'Organization name must be at most 100 characters' }),
    signingExpiryDays: daysSchema('The signing period'),
    reminderIntervalDays: daysSchema('The reminder interval'),
    delegation: z.enum(delegationRules, { error: 'Delegation is off, once or repeated' }),
  })
  .partial();

export const uploadLogoBodySchema = imageUploadBodySchema('logo');

const fieldNameSchema = z
  .string({ error: 'Field name is required' })
  .trim()
  .min(1, { error: 'Field name is required' })
  .max(60, { error: 'Field name must be at most 60 characters' });

export const createCustomFieldBodySchema = z.object({
  name: fieldNameSchema,
  type: z.enum(customFieldTypes, { error: 'Choose text, email or phone' }),
  required: z.boolean().default(false),
});

export const updateCustomFieldBodySchema = z
  .object({ name: fieldNameSchema, required: z.boolean() })
  .partial();

/** Whether every member must sign in with a second factor (TOTP or a passkey). */
export const twoFactorRequirementSchema = z
  .object({ required: z.boolean() })
  .meta({ id: 'TwoFactorRequirement' });

/** The two ways the public sealing certificate downloads: DER (.cer) and PEM (.pem). */
export const certificateFormats = ['cer', 'pem'] as const;
export const certificateFormatParamsSchema = z.object({
  format: z.enum(certificateFormats).describe('cer: DER, as Windows and macOS open it; pem: base64 text'),
});
export type CertificateFormat = (typeof certificateFormats)[number];
