import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  ApprovalRuleInput,
  ApprovalRuleList,
  UpdateApprovalRuleInput,
} from '../../../shared/api/approvals';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { approvalRuleApprovers, approvalRules, memberships, projects, users } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { findOwnProject } from '../../policies/scope';
import { presentApprovalRule } from '../../presenters/approval';
import { requireRecentSignIn } from '../two-factor/require-recent-sign-in';

/** The organization's approval rules, the one for every contract first, then by project name. */
export async function listApprovalRules(ctx: ServiceContext): Promise<ApprovalRuleList> {
  const { db, actor } = ctx;
  const rules = await db
    .select({
      id: approvalRules.id,
      projectId: approvalRules.projectId,
      projectName: projects.name,
      anyAdmin: approvalRules.anyAdmin,
      createdAt: approvalRules.createdAt,
      updatedAt: approvalRules.updatedAt,
    })
    .from(approvalRules)
    .leftJoin(projects, eq(projects.id, approvalRules.projectId))
    .where(eq(approvalRules.organizationId, actor.organizationId))
    .orderBy(asc(projects.name), asc(approvalRules.createdAt));
  const people =
    rules.length === 0
      ? []
      : await db
          .select({
            ruleId: approvalRuleApprovers.ruleId,
            id: users.id,
            name: users.name,
            email: users.email,
          })
          .from(approvalRuleApprovers)
          .innerJoin(users, eq(users.id, approvalRuleApprovers.userId))
          // Someone who left the organization no longer approves anything of it.
          .innerJoin(
            memberships,
            and(eq(memberships.userId, users.id), eq(memberships.organizationId, actor.organizationId)),
          )
          .where(
            inArray(
              approvalRuleApprovers.ruleId,
              rules.map((rule) => rule.id),
            ),
          )
          .orderBy(asc(users.name));
  return {
    items: rules.map((rule) =>
      presentApprovalRule(
        rule,
        people.filter((person) => person.ruleId === rule.id),
      ),
    ),
  };
}

/** Checks that every named approver is a member of the actor's organization. */
async function checkApprovers(db: Database, actor: Actor, approverIds: string[]): Promise<string[]> {
  const unique = [...new Set(approverIds)];
  if (unique.length === 0) return unique;
  const members = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, actor.organizationId), inArray(memberships.userId, unique)));
  if (members.length !== unique.length) {
    throw new AppError('INVALID_INPUT', 'Every approver must be a member of the team', 'approverIds');
  }
  return unique;
}

/** Adds a rule for every contract (projectId null) or one project: one rule per scope. */
export async function createApprovalRule(
  ctx: ServiceContext,
  input: ApprovalRuleInput,
): Promise<{ id: string }> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'set approval rules');
  return db.transaction(async (tx) => {
    if (input.projectId)
      await findOwnProject(tx, actor, input.projectId, { field: 'projectId', lock: 'share' });
    const approverIds = await checkApprovers(tx, actor, input.approverIds ?? []);
    const now = new Date();
    const [rule] = await tx
      .insert(approvalRules)
      .values({
        organizationId: actor.organizationId,
        projectId: input.projectId,
        anyAdmin: input.anyAdmin ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: approvalRules.id });
    if (!rule) {
      throw new AppError(
        'APPROVAL_RULE_EXISTS',
        input.projectId
          ? 'This project already has an approval rule: change that one'
          : 'There is already a rule for every contract: change that one',
        'projectId',
      );
    }
    if (approverIds.length > 0) {
      await tx
        .insert(approvalRuleApprovers)
        .values(approverIds.map((userId) => ({ ruleId: rule.id, userId })));
    }
    return rule;
  });
}

async function findOwnRule(db: Database, actor: Actor, ruleId: string) {
  const [rule] = await db
    .select({ id: approvalRules.id })
    .from(approvalRules)
    .where(and(eq(approvalRules.id, ruleId), eq(approvalRules.organizationId, actor.organizationId)))
    .for('update');
  if (!rule) throw new AppError('NOT_FOUND', 'Approval rule not found');
  return rule;
}

/** Changes who a rule asks to approve. Contracts already approved keep their approvals. */
export async function updateApprovalRule(
  ctx: ServiceContext,
  ruleId: string,
  input: UpdateApprovalRuleInput,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'set approval rules');
  await requireRecentSignIn(db, actor, 'to change an approval rule');
  await db.transaction(async (tx) => {
    const rule = await findOwnRule(tx, actor, ruleId);
    const approverIds = await checkApprovers(tx, actor, input.approverIds);
    await tx
      .update(approvalRules)
      .set({ anyAdmin: input.anyAdmin, updatedAt: new Date() })
      .where(eq(approvalRules.id, rule.id));
    await tx.delete(approvalRuleApprovers).where(eq(approvalRuleApprovers.ruleId, rule.id));
    if (approverIds.length > 0) {
      await tx
        .insert(approvalRuleApprovers)
        .values(approverIds.map((userId) => ({ ruleId: rule.id, userId })));
    }
  });
}

export async function deleteApprovalRule(ctx: ServiceContext, ruleId: string): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'set approval rules');
  await requireRecentSignIn(db, actor, 'to remove an approval rule');
  await db.transaction(async (tx) => {
    const rule = await findOwnRule(tx, actor, ruleId);
    await tx.delete(approvalRules).where(eq(approvalRules.id, rule.id));
  });
}
