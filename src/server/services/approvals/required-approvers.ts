import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { approvalRuleApprovers, approvalRules, memberships, users } from '../../db/schema';

/** One approval a contract needs: a named person, or (approverId null) any admin. */
export type ApproverSlot = { approverId: string | null; name: string };

export const anyAdminName = 'Any admin';

/**
 * The approvals the rules ask of a contract now: the union of the rule for every contract and its
 * project's rule (each named person once, "any admin" once). A named person who left the
 * organization asks nothing; a rule left with no one at all falls back to "any admin", so removing
 * people never lifts a rule silently. Templates need no approval.
 */
export async function requiredApprovers(
  db: Database,
  contract: { organizationId: string; projectId: string | null; isTemplate: boolean },
): Promise<ApproverSlot[]> {
  if (contract.isTemplate) return [];
  const rules = await db
    .select({ id: approvalRules.id, anyAdmin: approvalRules.anyAdmin })
    .from(approvalRules)
    .where(
      and(
        eq(approvalRules.organizationId, contract.organizationId),
        contract.projectId
          ? or(isNull(approvalRules.projectId), eq(approvalRules.projectId, contract.projectId))
          : isNull(approvalRules.projectId),
      ),
    );
  if (rules.length === 0) return [];
  const people = await db
    .select({ ruleId: approvalRuleApprovers.ruleId, id: users.id, name: users.name })
    .from(approvalRuleApprovers)
    .innerJoin(users, eq(users.id, approvalRuleApprovers.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, contract.organizationId)),
    )
    .where(
      inArray(
        approvalRuleApprovers.ruleId,
        rules.map((rule) => rule.id),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  const anyAdmin = rules.some((rule) => rule.anyAdmin || !people.some((person) => person.ruleId === rule.id));
  const named = new Map<string, ApproverSlot>();
  for (const person of people) named.set(person.id, { approverId: person.id, name: person.name });
  return [...named.values(), ...(anyAdmin ? [{ approverId: null, name: anyAdminName }] : [])];
}
