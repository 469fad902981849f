import { boolean, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, updatedAt } from './columns';
import { contracts, projects } from './contracts';
import { approvalStatusEnum } from './enums';
import { organizations } from './organizations';

// Approval rules and where each required approver stands on a contract.

/**
 * An organization's approval rules: a contract under a rule (one for every contract, project_id
 * null, and one per project) is sent only once everyone it names has approved its current title
 * and content. A rule names people (approval_rule_approvers) and/or "any admin".
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    anyAdmin: boolean('any_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('approval_rules_scope_key').on(t.organizationId, t.projectId).nullsNotDistinct()],
);

export const approvalRuleApprovers = pgTable(
  'approval_rule_approvers',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => approvalRules.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.userId] }),
    index('approval_rule_approvers_user_idx').on(t.userId),
  ],
);

/**
 * Where each required approver stands on a contract: one row per contract and approver (a person,
 * or "any admin" with approver_id null), made when approval is requested. A decision records the
 * hash of the title and content it was made on (see services/approvals/approval-subject.ts), so an
 * approval counts only for exactly what was approved.
 */
export const contractApprovals = pgTable(
  'contract_approvals',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'cascade' }),
    approverName: text('approver_name').notNull(),
    status: approvalStatusEnum('status').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: at('requested_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: at('decided_at'),
    comment: text('comment'),
    /** SHA-256 of the title and content decided on, and the version number they were. */
    subjectHash: text('subject_hash'),
    version: integer('version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('contract_approvals_contract_approver_key').on(t.contractId, t.approverId).nullsNotDistinct(),
  ],
);
export type ContractApprovalRow = typeof contractApprovals.$inferSelect;
