import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * Where a required approver stands on one contract: asked (requested), approved or rejected (with
 * a comment), or withdrawn (the title or content changed after an approval, so it is asked again).
 */
export const approvalStatuses = ['requested', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

const personSchema = z.object({ id: idSchema, name: z.string(), email: z.string() });

export const approvalRuleSchema = z
  .object({
    id: idSchema,
    project: z
      .object({ id: idSchema, name: z.string() })
      .nullable()
      .describe('null: the rule applies to every contract of the organization'),
    anyAdmin: z.boolean().describe('An approval from any admin of the organization is required'),
    approvers: z.array(personSchema).describe('Each of these people must approve'),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'ApprovalRule' });
export type ApprovalRule = z.infer<typeof approvalRuleSchema>;

export const approvalRuleListSchema = z.object({ items: z.array(approvalRuleSchema) });
export type ApprovalRuleList = z.infer<typeof approvalRuleListSchema>;

export const approvalRuleBodySchema = z
  .object({
    projectId: idSchema
      .nullable()
      .describe('The project whose contracts the rule covers; null for every contract'),
    anyAdmin: z.boolean().default(false),
    approverIds: z
      .array(idSchema)
      .max(20, { error: 'At most 20 named approvers' })
      .default([])
      .describe('Team members who must each approve'),
  })
  .refine((rule) => rule.anyAdmin || rule.approverIds.length > 0, {
    error: 'Choose at least one approver, or any admin',
    path: ['approverIds'],
  });
export type ApprovalRuleInput = z.input<typeof approvalRuleBodySchema>;

export const updateApprovalRuleBodySchema = z
  .object({
    anyAdmin: z.boolean(),
    approverIds: z.array(idSchema).max(20, { error: 'At most 20 named approvers' }),
  })
  .refine((rule) => rule.anyAdmin || rule.approverIds.length > 0, {
    error: 'Choose at least one approver, or any admin',
    path: ['approverIds'],
  });
export type UpdateApprovalRuleInput = z.input<typeof updateApprovalRuleBodySchema>;

export const approverStatusSchema = z
  .enum(['not_requested', ...approvalStatuses])
  .describe('not_requested: approval was never asked of this approver for this contract');

export const contractApproverSchema = z.object({
  approver: z
    .object({ id: idSchema, name: z.string() })
    .nullable()
    .describe('The named approver; null for "any admin"'),
  anyAdmin: z.boolean(),
  status: approverStatusSchema,
  comment: z.string().nullable(),
  decidedBy: z
    .object({ id: idSchema.nullable(), name: z.string() })
    .nullable()
    .describe('Who approved or rejected (for "any admin", the admin who did)'),
  decidedAt: timestampSchema.nullable(),
  version: z.int().nullable().describe('The contract version the decision was made on'),
  canDecide: z.boolean().describe('The caller may approve or reject for this approver now'),
});
export type ContractApprover = z.infer<typeof contractApproverSchema>;

export const contractApprovalStates = [
  'not_required',
  'not_requested',
  'pending',
  'rejected',
  'approved',
] as const;

export const contractApprovalSchema = z
  .object({
    state: z
      .enum(contractApprovalStates)
      .describe(
        'not_required: no rule covers the contract; not_requested: approval must be requested before sending; pending: waiting for someone; rejected: someone rejected (request again after changing it); approved: it may be sent',
      ),
    approvers: z.array(contractApproverSchema),
    requestedBy: z.object({ id: idSchema.nullable(), name: z.string() }).nullable(),
    requestedAt: timestampSchema.nullable(),
    canRequest: z.boolean(),
    blocking: z
      .string()
      .nullable()
      .describe('Why the contract cannot be sent yet, as the send refusal words it'),
    projectLock: z
      .string()
      .nullable()
      .describe(
        "Why the caller may not move this draft to another project (its project's approval rule covers it); null when they may",
      ),
  })
  .meta({ id: 'ContractApproval' });
export type ContractApproval = z.infer<typeof contractApprovalSchema>;

export const approvalDecisionBodySchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    comment: z.string().trim().max(2000, { error: 'At most 2,000 characters' }).default(''),
    baseRevision: z
      .int()
      .min(1)
      .describe(
        "The contract's revision the approver read (as GET /contracts/{id} gave it): the decision is for that text, and is refused with 409 CONTRACT_CHANGED if the draft changed since",
      ),
  })
  .refine((body) => body.decision === 'approve' || body.comment !== '', {
    error: 'Say why you reject it',
    path: ['comment'],
  });
export type ApprovalDecisionInput = z.input<typeof approvalDecisionBodySchema>;

export const approvalRuleParamsSchema = z.object({ ruleId: idSchema });
