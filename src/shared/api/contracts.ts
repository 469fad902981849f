import { z } from 'zod';
import { contractArchiveLimits } from '../limits';
import { delegationRules, recipientListProblems, recipientRoles } from '../recipients';
import { contractStatuses, signerStatuses } from '../statuses';
import { emailSchema, idSchema, pageOf, pageQuerySchema, timestampSchema } from './common';
import { placedFieldSchema } from './contract-fields';
import { contractFileSchema } from './contract-files';
import { editorDocumentSchema, submittedDocumentSchema } from './editor-document';

export const contractStatusSchema = z.enum(contractStatuses);
export const signerStatusSchema = z.enum(signerStatuses);

const recipientNumber = (what: string) =>
  z
    .int({ error: `${what} must be a recipient's number in this list, from 1` })
    .min(1, { error: `${what} must be a recipient's number in this list, from 1` })
    .max(50, { error: `${what} must be a recipient's number in this list, from 1` });

export const signerInputSchema = z.object({
  id: idSchema.optional().describe('Client-chosen id; kept when the signer list is saved again'),
  name: z
    .string({ error: 'Signer name is required' })
    .trim()
    .max(200, { error: 'Signer name must be at most 200 characters' })
    .default('')
    .describe('Required, but for a recipient left to be named (namedBy), for whom it may be a label'),
  email: emailSchema
    .nullable()
    .optional()
    .describe('Required, but for a recipient left to be named (namedBy), who has none until named'),
  role: z
    .enum(recipientRoles)
    .default('signer')
    .describe(
      'signer; approver (approves or rejects, may fill fields); viewer (must open the document); cc (receives the invitation notice and the sealed PDF, never blocks); witness (witnesses one signer, after they sign)',
    ),
  signingOrder: z
    .int({ error: 'The order must be a whole number from 1 to 100' })
    .min(1, { error: 'The order must be a whole number from 1 to 100' })
    .max(100, { error: 'The order must be a whole number from 1 to 100' })
    .optional()
    .describe(
      'Sent in order, the group: equal numbers receive together, the groups one after another. Defaults to list order',
    ),
  witnessOf: recipientNumber("A witness's signer")
    .nullable()
    .optional()
    .describe("A witness's signer, by their number (place in this list, from 1)"),
  namedBy: recipientNumber('Who names this recipient')
    .nullable()
    .optional()
    .describe(
      'Leaves this recipient to be named by an earlier one (by number), on their own signing page; name and email are then left out',
    ),
  accessCode: z
    .string()
    // Spaces around a code are a slip of copy and paste, on both sides: the signer's entry is trimmed too.
    .trim()
    .min(4, { error: 'An access code must be at least 4 characters' })
    .max(64, { error: 'An access code must be at most 64 characters' })
    .nullable()
    .optional()
    .describe(
      'A code the sender gives the signer out of band, asked before the document opens. A string sets a new one, null removes it; left out, a signer saved again (same id) keeps the one stored. Never returned.',
    ),
  requireEmailCode: z
    .boolean()
    .optional()
    .describe(
      'A one-time code is e-mailed to the signer before the document opens. Left out, a signer saved again (same id) keeps the stored choice; a new signer has none.',
    ),
  embedded: z
    .boolean()
    .optional()
    .describe(
      'Signed inside your own web app: no invitation or reminder is e-mailed; ask for a signing URL (POST /contracts/{id}/signers/{signerId}/embed) and show it in a frame. Left out, a signer saved again keeps the stored choice; a new one is reached by e-mail.',
    ),
});

const signerListSchema = z
  .array(signerInputSchema)
  .max(50, { error: 'A contract can have at most 50 signers' })
  .superRefine((signers, ctx) => {
    for (const problem of recipientListProblems(signers)) ctx.addIssue({ code: 'custom', ...problem });
  });

/** Characters in a contract's title. */
export const maxTitleLength = 200;

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, { error: 'Title is required' })
  .max(maxTitleLength, { error: `Title must be at most ${maxTitleLength} characters` });

const expiresAtSchema = timestampSchema
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 2000 && year <= 9999;
    },
    { error: 'Enter an expiry date between the years 2000 and 9999' },
  )
  .nullable()
  .describe('When a sent contract expires; null for never');

const delegationSchema = z
  .enum(delegationRules, { error: 'Delegation is off, once or repeated' })
  .nullable()
  .describe(
    "Whether a signer or approver may hand their turn to someone else: off, once (a delegate may not hand it on), repeated; null follows the organization's setting",
  );

export const createContractBodySchema = z.object({
  id: idSchema.optional().describe('Client-chosen id: repeating the same create returns the same contract'),
  title: titleSchema,
  content: submittedDocumentSchema.optional(),
  projectId: idSchema.optional().describe("Defaults to the organization's first project"),
  isTemplate: z.boolean().default(false),
  expiresAt: expiresAtSchema.optional(),
  signers: signerListSchema.default([]),
  editSession: z
    .string()
    .min(8)
    .max(64)
    .optional()
    .describe(
      'The editing session (a random id per open editor) that later saves send too: they update version 1 while it is the latest',
    ),
});
export type CreateContractInput = z.infer<typeof createContractBodySchema>;

export const updateContractBodySchema = z
  .object({
    title: titleSchema,
    content: submittedDocumentSchema,
    projectId: idSchema,
    expiresAt: expiresAtSchema,
    delegation: delegationSchema,
    signers: signerListSchema.describe('Replaces the whole signer list'),
    baseRevision: z
      .int()
      .min(1)
      .describe(
        "The contract's revision the changes were made on (as read): refused with 409 CONTRACT_CHANGED if someone saved since. Left out, the changes apply to whatever is stored",
      ),
    editSession: z
      .string()
      .min(8)
      .max(64)
      .describe(
        "The editing session (a random id per open editor): its saves update the session's version while it is the latest, rather than each making a new one",
      ),
  })
  .partial();
export type UpdateContractInput = z.infer<typeof updateContractBodySchema>;

/**
 * Why a copied contract is not sent yet: its original asked this signer for an access code, which
 * is never copied. The server's refusal and the editor's hint say the same.
 */
export const accessCodeToSetRefusal = (name: string) =>
  `Set a new access code for ${name}, or untick "Require access code": the contract this was copied from asked for one, and codes are not copied.`;

export const signerSchema = z
  .object({
    id: idSchema,
    name: z.string().describe('Empty (or a label) while they are to be named'),
    email: z.string().nullable().describe('null while they are to be named'),
    status: signerStatusSchema,
    role: z.enum(recipientRoles),
    signingOrder: z.int().describe('Their group, when sent in order'),
    number: z
      .int()
      .describe('Their number on the contract, from 1: fields, witnessOf and namedBy refer to it'),
    witnessOf: z.int().nullable().describe("A witness's signer, by number"),
    namedBy: z.int().nullable().describe('Who names (or named) them, by number'),
    viewedAt: timestampSchema.nullable(),
    signedAt: timestampSchema.nullable(),
    approvedAt: timestampSchema.nullable(),
    declinedAt: timestampSchema.nullable(),
    delegatedFrom: idSchema.nullable().describe('The recipient who handed this one their turn'),
    delegatedAt: timestampSchema.nullable().describe('When this recipient handed their turn to someone else'),
    accessCodeRequired: z.boolean().describe('An access code is asked before the document opens'),
    accessCodeToSet: z
      .boolean()
      .describe(
        'The contract was copied from one that asked this signer for an access code, which is never copied: set a new one (accessCode) or remove it (accessCode: null) before sending',
      ),
    emailCodeRequired: z.boolean().describe('A one-time code is e-mailed before the document opens'),
    embedded: z
      .boolean()
      .describe('Signed inside another web app, which shows the signing page itself: nobody e-mails them'),
  })
  .meta({ id: 'Signer' });

const contractFields = {
  id: idSchema,
  title: z.string(),
  status: contractStatusSchema,
  projectId: idSchema.nullable().describe('null for a template'),
  isTemplate: z.boolean(),
  expiresAt: timestampSchema.nullable(),
  sequential: z.boolean().describe('Signers sign one after another, in signing order'),
  delegation: z
    .enum(delegationRules)
    .nullable()
    .describe("The contract's own delegation rule; null: the organization's"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  createdBy: z.object({ id: idSchema.nullable(), name: z.string() }),
  signers: z.array(signerSchema),
};

export const contractSummarySchema = z.object(contractFields).meta({ id: 'ContractSummary' });
export type ContractSummary = z.infer<typeof contractSummarySchema>;

export const contractSchema = z
  .object({
    ...contractFields,
    content: editorDocumentSchema,
    contentHtml: z.string().describe('HTML rendered by the server from content'),
    files: z.array(contractFileSchema).describe('The uploaded PDFs, in the order they are signed'),
    fields: z.array(placedFieldSchema).describe('The fields placed on those PDFs, in reading order'),
    textPosition: z
      .int()
      .min(0)
      .describe(
        'How many of the PDFs (in `files` order) come before the drafted text; it is signed when it has content',
      ),
    revision: z
      .int()
      .min(1)
      .describe('Counts every change to the draft: send it back as baseRevision when saving'),
  })
  .meta({ id: 'Contract' });
export type Contract = z.infer<typeof contractSchema>;

export const contractSorts = ['updated', 'created', 'title'] as const;
export type ContractSort = (typeof contractSorts)[number];

export const booleanQuerySchema = z.enum(['true', 'false']).transform((value) => value === 'true');

export const listContractsQuerySchema = pageQuerySchema.extend({
  projectId: idSchema.optional(),
  status: contractStatusSchema.optional(),
  template: booleanQuerySchema.default(false).describe('true lists templates instead of contracts'),
  q: z.string().trim().max(200).optional().describe('Search in titles'),
  sort: z.enum(contractSorts).default('updated').describe('updated or created: newest first; title: A to Z'),
});
export type ListContractsQuery = z.infer<typeof listContractsQuerySchema>;

export const contractPageSchema = pageOf(contractSummarySchema);
export type ContractPage = z.infer<typeof contractPageSchema>;

export const sendContractBodySchema = z.object({
  sequential: z
    .boolean()
    .default(false)
    .describe('Signers sign one after another in signing order; otherwise all at once'),
});
export type SendContractInput = z.infer<typeof sendContractBodySchema>;

/** The sender corrects a pending recipient's name or address while the contract is out. */
export const correctSignerBodySchema = z
  .object({
    name: z
      .string({ error: 'Enter a name' })
      .trim()
      .min(1, { error: 'Enter a name' })
      .max(200, { error: 'Signer name must be at most 200 characters' }),
    email: emailSchema,
  })
  .partial()
  .refine((body) => body.name !== undefined || body.email !== undefined, {
    error: 'Give the corrected name, e-mail address or both',
  });
export type CorrectSignerInput = z.infer<typeof correctSignerBodySchema>;

/** A pending recipient's signing link, copied by the sender to hand over themselves. */
export const copiedSigningLinkSchema = z
  .object({ url: z.url().describe("The recipient's signing page; it works while they may act") })
  .meta({ id: 'CopiedSigningLink' });
export type CopiedSigningLink = z.infer<typeof copiedSigningLinkSchema>;

/** A recipient removed while out: their fields go to another recipient, by number. */
export const removeSignerBodySchema = z.object({
  reassignFieldsTo: z
    .int({ error: "Reassign the fields to a recipient's number" })
    .min(1, { error: "Reassign the fields to a recipient's number" })
    .max(50, { error: "Reassign the fields to a recipient's number" })
    .optional()
    .describe('The number of the recipient who fills the removed one’s fields instead'),
});
export type RemoveSignerInput = z.infer<typeof removeSignerBodySchema>;

export const contractArchiveBodySchema = z.object({
  ids: z
    .array(idSchema)
    .min(1, { error: 'Choose at least one contract' })
    .max(contractArchiveLimits.contracts, {
      error: `An archive holds at most ${contractArchiveLimits.contracts.toLocaleString('en')} contracts: choose fewer`,
    })
    .describe(
      "The contracts whose signed PDFs to put in the archive (the organization's own; any other id answers 404)",
    ),
});
export type ContractArchiveBody = z.infer<typeof contractArchiveBodySchema>;
