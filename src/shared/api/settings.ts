import { z } from 'zod';
import { timestampSchema } from './common';

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
