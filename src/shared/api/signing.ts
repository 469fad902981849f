import { z } from 'zod';
import { mailStatuses, signatureKinds, signingLinkPurposes } from '../enums';
import { fieldTypes } from '../fields';
import { recipientOutcomes } from '../recipients/record';
import { recipientRoles } from '../recipients/roles';
import { emailSchema, idSchema, timestampSchema } from './common';
import { fieldOptionsSchema } from './contract-fields';
import { pdfSignatureSchema } from './contract-files';
import { customFieldSchema } from './custom-fields';
import { namedRecipientsSchema, routeSchema } from './route';

/**
 * What a signing link leads to: the page says which, and only 'ready' can act (sign, approve,
 * fill). 'waiting': not this recipient's turn yet; 'signed', 'approved', 'viewed': their part is
 * done; 'delegated': they handed their turn to someone else.
 */
export const signingStates = [
  'ready',
  'waiting',
  'signed',
  'approved',
  'viewed',
  'declined',
  'rejected',
  'delegated',
  'canceled',
  'expired',
] as const;
export const signingStateSchema = z.enum(signingStates);
export type SigningState = z.infer<typeof signingStateSchema>;

/**
 * A contract that is over without a seal (the sender canceled it, a signer declined, an approver
 * rejected it, it expired), or a link whose recipient handed their turn to someone else: it shows
 * that and who sent it, and nothing of the document.
 */
export const closedSigningStates = ['declined', 'rejected', 'delegated', 'canceled', 'expired'] as const;
export type ClosedSigningState = (typeof closedSigningStates)[number];
export const openSigningStates = ['ready', 'waiting', 'signed', 'approved', 'viewed'] as const;
export type OpenSigningState = (typeof openSigningStates)[number];

export const openSigningBodySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This signing link is not valid' })
    .describe('The token from the signing link'),
});

const checkSchema = z.enum(['not_required', 'required', 'passed']);

/** The checks a signer must pass before the document opens, and how far this browser got. */
export const signerAuthenticationSchema = z
  .object({
    accessCode: checkSchema.describe('A code the sender shared with the signer out of band'),
    emailCode: checkSchema.describe('A one-time code e-mailed to the signer'),
    complete: z.boolean().describe('Every required check is passed: the document may open'),
    locked: z.boolean().describe('Too many wrong codes: only the sender can let the signer try again'),
    triesLeft: z.int().describe('Wrong codes allowed before the lock'),
    maskedEmail: z.string().describe('Where an e-mailed code goes, partly hidden'),
  })
  .meta({ id: 'SignerAuthentication' });
export type SignerAuthentication = z.infer<typeof signerAuthenticationSchema>;

export const signingSessionSchema = z
  .object({
    signerId: idSchema,
    state: signingStateSchema,
    purpose: z
      .enum(signingLinkPurposes)
      .describe(
        "What the link is for: signing, or only downloading the sealed PDF (a completion e-mail's link)",
      ),
    authentication: signerAuthenticationSchema,
  })
  .meta({ id: 'SigningSession' });
export type SigningSession = z.infer<typeof signingSessionSchema>;

/** A field placed on the document as sent, as a signer sees it. */
export const signingFieldSchema = z.object({
  id: idSchema,
  page: z.int().describe('The page of the document as sent, counting from 0'),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  type: z.enum(fieldTypes),
  label: z.string(),
  required: z.boolean(),
  options: fieldOptionsSchema,
  mine: z.boolean().describe('This signer fills it'),
  value: z
    .string()
    .nullable()
    .describe("The sender's prefill of this signer's field; another signer's text once they filled it"),
  filled: z.boolean().describe('Another signer filled it already'),
});
export type SigningField = z.infer<typeof signingFieldSchema>;

export const signingViewSchema = z
  .object({
    signerId: idSchema,
    state: z.enum(openSigningStates),
    signer: z.object({ name: z.string(), email: z.string() }),
    role: z.enum(recipientRoles).describe('What this recipient does: sign, approve, view or witness'),
    witnessOf: z.string().nullable().describe("A witness's signer, by name"),
    route: routeSchema,
    toName: z
      .array(z.object({ number: z.int(), role: z.enum(recipientRoles), label: z.string() }))
      .describe('Later recipients the sender left for this one to name as they act'),
    mayDelegate: z
      .boolean()
      .describe(
        'It is their turn and the contract allows them to hand it to someone else (POST /signing/{signerId}/delegate)',
      ),
    contract: z.object({
      title: z.string(),
      html: z.string().describe('The frozen document, rendered by the server'),
      expiresAt: timestampSchema.nullable(),
      pages: z.int(),
      sha256: z.string(),
      files: z
        .array(
          z.object({
            name: z.string(),
            pageCount: z.int(),
            signatures: z
              .array(pdfSignatureSchema)
              .describe(
                'Digital signatures it carried when sent (another party signed it first): they stay valid',
              ),
          }),
        )
        .describe('The uploaded PDFs the document holds, in order (empty when it is drafted text alone)'),
    }),
    placed: z
      .array(signingFieldSchema)
      .describe(
        'The fields placed on the PDFs or written in the text: this signer’s to fill, and the others’ as they stand',
      ),
    sender: z.object({ name: z.string(), email: z.string() }),
    organization: z.object({ name: z.string() }),
    consent: z.object({ version: z.string(), title: z.string(), text: z.string() }),
    fields: z.array(customFieldSchema),
    /** Present once every signer has signed and the final PDF is sealed. */
    finalDocumentReady: z.boolean(),
    savedSignature: z
      .object({ kind: z.enum(signatureKinds), image: z.string() })
      .nullable()
      .describe('The signature the signer saved in Pactum, when they are signed in as the invited person'),
    signedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'SigningView' });
export type SigningView = z.infer<typeof signingViewSchema>;

/** What the signing page of a closed contract shows: its state and who sent it, nothing more. */
export const closedSigningViewSchema = z
  .object({
    signerId: idSchema,
    state: z.enum(closedSigningStates),
    sender: z.object({ name: z.string() }),
    organization: z.object({ name: z.string() }),
  })
  .meta({ id: 'ClosedSigningView' });
export type ClosedSigningView = z.infer<typeof closedSigningViewSchema>;

/** The signing page: the document and its fields while it may be read, or only that it is closed. */
export const signingPageSchema = z.union([signingViewSchema, closedSigningViewSchema]);
export type SigningPage = z.infer<typeof signingPageSchema>;

const maxSignatureBytes = 300_000;

export const signatureInputSchema = z.object({
  kind: z.enum(signatureKinds),
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
  initials: signatureInputSchema
    .optional()
    .describe('The initials adopted for every initials field of this signer (a PNG, like the signature)'),
  placed: z
    .record(idSchema, z.string().max(300_000))
    .default({})
    .describe(
      "Values of this signer's fields placed on the PDFs, by field id (an image field's as a data URL)",
    ),
  named: namedRecipientsSchema,
});
/** What a sign request sends (defaults left out). */
export type SignInput = z.input<typeof signBodySchema>;

/** An approver's approval: the disclosure accepted, their fields filled, later recipients named. */
export const approveBodySchema = signBodySchema.omit({ signature: true, initials: true });
export type ApproveInput = z.input<typeof approveBodySchema>;

export const declineBodySchema = z.object({
  reason: z
    .string({ error: 'Say why you decline' })
    .trim()
    .min(1, { error: 'Say why you decline' })
    .max(1000, { error: 'The reason must be at most 1000 characters' }),
});

export const signingParamsSchema = z.object({ signerId: idSchema });

/** A signer or approver hands their turn to someone else. */
export const delegateBodySchema = z.object({
  name: z
    .string({ error: "Enter the person's name" })
    .trim()
    .min(1, { error: "Enter the person's name" })
    .max(200, { error: 'The name must be at most 200 characters' })
    .describe('Who acts in your place (stored and shown as plain text)'),
  email: emailSchema.describe('Their e-mail address: their own signing link goes there'),
  reason: z
    .string({ error: 'Say why you hand it on' })
    .trim()
    .min(1, { error: 'Say why you hand it on' })
    .max(1000, { error: 'The reason must be at most 1000 characters' })
    .describe('Why, in your words: the delegate, the sender and the history read it'),
});
export type DelegateInput = z.infer<typeof delegateBodySchema>;

export const delegationSchema = z
  .object({
    delegateId: idSchema.describe("The delegate's id among the contract's recipients"),
    name: z.string(),
    email: z.string(),
    emailCodeRequired: z
      .boolean()
      .describe(
        'A one-time code is e-mailed to the delegate before the document opens: when the sender asked you for one, or for an access code (which the delegate never has: codes shared out of band stay with the person they were given to)',
      ),
  })
  .meta({ id: 'Delegation' });
export type Delegation = z.infer<typeof delegationSchema>;

export const accessCodeBodySchema = z.object({
  code: z
    .string({ error: 'Enter the access code' })
    .trim()
    .min(1, { error: 'Enter the access code' })
    .max(64, { error: 'That access code is not right' }),
});

export const emailCodeBodySchema = z.object({
  code: z
    .string({ error: 'Enter the code from the e-mail' })
    .trim()
    .regex(/^[0-9]{6}$/, { error: 'Enter the 6 digits from the e-mail' }),
});

const documentInfoSchema = z.object({
  sha256: z.string(),
  pages: z.int(),
  createdAt: timestampSchema,
});

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
        authLocked: z
          .boolean()
          .describe('Locked out after wrong codes; a reminder from the sender lets them try again'),
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

/**
 * A recipient of a sealed contract as the verify page shows them, as the certificate of
 * completion lists them (shared/recipients/record.ts). `signedAt` is kept for earlier readers:
 * a signer's or a witness's signature.
 */
const partySchema = z.object({
  name: z.string(),
  email: z.string(),
  signedAt: timestampSchema.nullable(),
  number: z.int().describe("The recipient's number on the contract"),
  role: z.string().describe('Their role, as the certificate names it: Signer, Approver, Viewer, CC, Witness'),
  group: z.int().nullable().describe("Their group's order number when sent in order; null when sent at once"),
  outcome: z.enum(recipientOutcomes).describe('What they did (or "delegated": handed their turn on)'),
  at: timestampSchema.nullable().describe('When they did it'),
  witnessOf: z.string().nullable().describe("A witness's signer, by name"),
  reason: z.string().nullable().describe('Why they declined or rejected'),
  namedBy: z.string().nullable().describe('The earlier recipient who named them'),
  delegatedTo: z
    .object({ name: z.string(), email: z.string(), at: timestampSchema, reason: z.string() })
    .nullable()
    .describe('Whom they handed their turn to, when and why'),
  delegatedFrom: z.string().nullable().describe('Whose turn they took'),
  corrections: z
    .array(z.object({ from: z.string(), to: z.string(), at: timestampSchema, by: z.string() }))
    .describe("The sender's corrections of their name or address"),
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
        parties: z.array(partySchema),
      })
      .nullable(),
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;
