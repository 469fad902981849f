import { z } from 'zod';
import { suggestionStatuses } from '../enums';
import { emailSchema, idSchema, timestampSchema } from './common';
import { editorDocumentSchema, submittedDocumentSchema } from './editor-document';

const reviewerInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(200, { error: 'Name must be at most 200 characters' }),
  email: emailSchema,
});

export const sendForReviewBodySchema = z.object({
  reviewers: z
    .array(reviewerInputSchema)
    .min(1, { error: 'Add at least one reviewer' })
    .max(20, { error: 'A review can have at most 20 reviewers' })
    .superRefine((reviewers, ctx) => {
      const seen = new Set<string>();
      reviewers.forEach((reviewer, index) => {
        if (seen.has(reviewer.email)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'email'],
            message: `${reviewer.email} is already a reviewer of this contract`,
          });
        }
        seen.add(reviewer.email);
      });
    }),
  baseRevision: z
    .int()
    .min(1)
    .optional()
    .describe('Refused (409 CONTRACT_CHANGED) if the draft changed since'),
});
export type SendForReviewInput = z.infer<typeof sendForReviewBodySchema>;

export const reviewerSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    round: z.int().describe('The version last sent to this reviewer'),
    invitedAt: timestampSchema,
    lastViewedAt: timestampSchema.nullable(),
    open: z
      .boolean()
      .describe('The reviewer can still open the review (until the contract is sent for signing)'),
  })
  .meta({ id: 'Reviewer' });
export type Reviewer = z.infer<typeof reviewerSchema>;
export const reviewerListSchema = z.object({ items: z.array(reviewerSchema) });

export const suggestionStatusSchema = z.enum(suggestionStatuses);

export const suggestionSummarySchema = z
  .object({
    id: idSchema,
    reviewer: z.object({ id: idSchema, name: z.string() }),
    baseVersion: z.int(),
    note: z.string().nullable(),
    status: suggestionStatusSchema,
    accepted: z.int(),
    rejected: z.int(),
    createdAt: timestampSchema,
    decidedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'SuggestionSummary' });
export type SuggestionSummary = z.infer<typeof suggestionSummarySchema>;
export const suggestionListSchema = z.object({ items: z.array(suggestionSummarySchema) });

export const suggestionChangeSchema = z.object({
  id: z.int().min(1),
  inserted: z.string(),
  deleted: z.string(),
});

export const suggestionSchema = z
  .object({
    ...suggestionSummarySchema.shape,
    document: editorDocumentSchema.describe(
      'The suggestion as a redline of its base version: `insertion` and `deletion` marks carry the number of their change (attrs.change)',
    ),
    changes: z.array(suggestionChangeSchema),
    draftChanged: z
      .boolean()
      .describe(
        'The draft changed since the base version: accepted changes are merged into it block by block',
      ),
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionParamsSchema = z.object({ id: idSchema, suggestionId: idSchema });

/** Changes one decision may accept: every change of a suggestion on the longest contract. */
export const maxAcceptedChanges = 10_000;

export const decideSuggestionBodySchema = z.object({
  accept: z
    .array(z.int().min(1))
    .max(maxAcceptedChanges)
    .describe('The numbers of the changes accepted; the others are rejected'),
  baseRevision: z.int().min(1).optional(),
});
export type DecideSuggestionInput = z.infer<typeof decideSuggestionBodySchema>;

// The reviewer's side (public: a review link, then its cookie).
export const openReviewBodySchema = z.object({ token: z.string().min(16).max(128) });
export const reviewSessionSchema = z.object({ reviewerId: idSchema });
export const reviewerParamsSchema = z.object({ reviewerId: idSchema });

export const reviewViewSchema = z
  .object({
    reviewer: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    organizationName: z.string(),
    senderName: z.string(),
    title: z.string(),
    version: z.object({ number: z.int(), content: editorDocumentSchema }),
    open: z.boolean().describe('Suggestions can still be made (the draft has not been sent for signing)'),
    suggestions: z.array(suggestionSummarySchema),
  })
  .meta({ id: 'ReviewView' });
export type ReviewView = z.infer<typeof reviewViewSchema>;

export const suggestChangesBodySchema = z.object({
  baseVersion: z.int().min(1).describe('The version the reviewer read and changed'),
  content: submittedDocumentSchema,
  note: z.string().trim().max(2000).optional(),
});
export type SuggestChangesInput = z.infer<typeof suggestChangesBodySchema>;
