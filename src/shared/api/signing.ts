import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { customFieldSchema } from './custom-fields';

/** What a signing link leads to: the page says which, and only 'ready' can sign. */
export const signingStates = ['ready', 'waiting', 'signed', 'declined', 'canceled', 'expired'] as const;
export const signingStateSchema = z.enum(signingStates);
export type SigningState = z.infer<typeof signingStateSchema>;

export const openSigningBodySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This signing link is not valid' })
    .describe('The token from the signing link'),
});

export const signingSessionSchema = z
  .object({
    signerId: idSchema,
    state: signingStateSchema,
  })
  .meta({ id: 'SigningSession' });
export type SigningSession = z.infer<typeof signingSessionSchema>;

export const signingViewSchema = z
  .object({
    signerId: idSchema,
    state: signingStateSchema,
    signer: z.object({ name: z.string(), email: z.string() }),
    contract: z.object({
      title: z.string(),
      html: z.string().describe('The frozen document, rendered by the server'),
      expiresAt: timestampSchema.nullable(),
      pages: z.int(),
      sha256: z.string(),
    }),
    sender: z.object({ name: z.string(), email: z.string() }),
    organization: z.object({ name: z.string() }),
    consent: z.object({ version: z.string(), title: z.string(), text: z.string() }),
    fields: z.array(customFieldSchema),
    /** Present once every signer has signed and the final PDF is sealed. */
    finalDocumentReady: z.boolean(),
    savedSignature: z
      .object({ kind: z.enum(['drawn', 'typed']), image: z.string() })
      .nullable()
      .describe('The signature the signer saved in Pactum, when they are signed in as the invited person'),
    signedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'SigningView' });
export type SigningView = z.infer<typeof signingViewSchema>;

const maxSignatureBytes = 300_000;

export const signatureInputSchema = z.object({
  kind: z.enum(['drawn', 'typed']),
  /** A PNG data URL of the signature as drawn, or as the typed name was set in the signature font. */
  image: z
    .string()
    .startsWith('data:image/png;base64,', { error: 'The signature must be a PNG image' })
    .max(Math.ceil((maxSignatureBytes * 4) / 3) + 30, { error: 'The signature image is too large' }),
  typedName: z.string().trim().max(200).optional(),
});

export const signBodySchema = z.object({
  consentVersion: z.string().max(50),
  fields: z.record(z.string().max(64), z.string().max(500)).default({}),
  signature: signatureInputSchema,
});
export type SignInput = z.infer<typeof signBodySchema>;

export const declineBodySchema = z.object({
  reason: z
    .string({ error: 'Say why you decline' })
    .trim()
    .min(1, { error: 'Say why you decline' })
    .max(1000, { error: 'The reason must be at most 1000 characters' }),
});

export const signingParamsSchema = z.object({ signerId: idSchema });

const documentInfoSchema = z.object({
  sha256: z.string(),
  pages: z.int(),
  createdAt: timestampSchema,
});

export const mailStatuses = ['queued', 'sent', 'held', 'failed', 'skipped'] as const;

export const outboxMessageSchema = z
  .object({
    id: idSchema,
    contractId: idSchema.nullable(),
    kind: z.string(),
    to: z.object({ name: z.string(), email: z.string() }),
    status: z.enum(mailStatuses),
    subject: z.string().nullable(),
    attempts: z.int(),
    lastError: z.string().nullable(),
    sentAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The signing side of a sent contract, for its page: documents, seal and mail. */
export const contractSigningSchema = z
  .object({
    sequential: z.boolean(),
    sentAt: timestampSchema.nullable(),
    completedAt: timestampSchema.nullable(),
    sealedAt: timestampSchema.nullable(),
    sealError: z.string().nullable(),
    documents: z.object({ frozen: documentInfoSchema.nullable(), final: documentInfoSchema.nullable() }),
    signers: z.array(
      z.object({
        id: idSchema,
        invitedAt: timestampSchema.nullable(),
        lastRemindedAt: timestampSchema.nullable(),
        declineReason: z.string().nullable(),
      }),
    ),
    mail: z.array(outboxMessageSchema),
  })
  .meta({ id: 'ContractSigning' });
export type ContractSigning = z.infer<typeof contractSigningSchema>;

export const cancelContractBodySchema = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, { error: 'Give a reason' })
    .max(1000, { error: 'The reason must be at most 1000 characters' }),
});

export const verificationSchema = z
  .object({
    verdict: z.enum(['verified', 'modified', 'unknown']),
    message: z.string(),
    sha256: z.string(),
    seal: z
      .object({
        intact: z.boolean(),
        coversWholeDocument: z.boolean(),
        signedBy: z.string(),
        ours: z.boolean(),
      })
      .nullable(),
    contract: z
      .object({
        title: z.string(),
        organization: z.string(),
        completedAt: timestampSchema.nullable(),
        parties: z.array(
          z.object({ name: z.string(), email: z.string(), signedAt: timestampSchema.nullable() }),
        ),
      })
      .nullable(),
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;
