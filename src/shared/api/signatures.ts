import { z } from 'zod';
import { signatureKinds } from '../enums';
import { recipientRoles } from '../recipients/roles';
import { signerStatuses } from '../statuses';
import { idSchema, pageOf, pageQuerySchema, timestampSchema } from './common';
import { signatureInputSchema } from './signing';

export const signatureRequestSchema = z
  .object({
    signerId: idSchema,
    name: z.string(),
    email: z.string().nullable().describe('null while they are to be named'),
    role: z.enum(recipientRoles),
    status: z.enum(signerStatuses),
    contract: z.object({ id: idSchema, title: z.string(), status: z.string() }),
    sentAt: timestampSchema.nullable(),
    lastActivityAt: timestampSchema
      .nullable()
      .describe('The latest of invited, opened, reminded, signed, declined'),
    canRemind: z.boolean().describe('The signer may sign now and has not'),
  })
  .meta({ id: 'SignatureRequest' });
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

export const listSignatureRequestsQuerySchema = pageQuerySchema.extend({
  status: z.enum(signerStatuses).optional(),
});
export type ListSignatureRequestsQuery = z.infer<typeof listSignatureRequestsQuerySchema>;

export const signatureRequestPageSchema = pageOf(signatureRequestSchema);
export type SignatureRequestPage = z.infer<typeof signatureRequestPageSchema>;

export const savedSignatureSchema = z
  .object({
    kind: z.enum(signatureKinds).nullable(),
    image: z.string().nullable().describe('A PNG data URL, or null when none is saved'),
  })
  .meta({ id: 'SavedSignature' });
export type SavedSignature = z.infer<typeof savedSignatureSchema>;

export const saveSignatureBodySchema = signatureInputSchema.pick({ kind: true, image: true });
