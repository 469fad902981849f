import { and, asc, eq } from 'drizzle-orm';
import { listOfNames } from '../../../editor/merge-field-values';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import {
  approvalRuleApprovers,
  approvalRules,
  type ContractRow,
  memberships,
  projects,
  users,
} from '../../db/schema';

export type MoveRefusal = { message: string; projectName: string };

/**
 * Why the actor may not move this draft out of its project, or null when they may. A draft its
 * project's approval rule covers leaves that project only when an admin or one of that rule's
 * approvers (a person, not an API token) moves it: anyone else could otherwise lift the rule by
 * moving the draft to a project that asks less. We refuse every move out rather than only those to
 * a project that asks less, so the editor can say plainly who may move it; the rule of the project
 * it goes to applies from then on (what a draft needs is always computed from its project now), and
 * the rule for every contract applies wherever it goes.
 */
export async function projectMoveRefusal(
  db: Database,
  actor: Actor,
  contract: Pick<ContractRow, 'organizationId' | 'projectId' | 'isTemplate' | 'status'>,
): Promise<MoveRefusal | null> {
  if (contract.isTemplate || contract.status !== 'draft' || !contract.projectId) return null;
  if (actor.role === 'admin') return null;
  const [rule] = await db
    .select({ id: approvalRules.id, projectName: projects.name })
    .from(approvalRules)
    .innerJoin(projects, eq(projects.id, approvalRules.projectId))
    .where(
      and(
        eq(approvalRules.organizationId, contract.organizationId),
        eq(approvalRules.projectId, contract.projectId),
      ),
    );
  if (!rule) return null;
  // The rule's approvers still in the organization (as required-approvers.ts counts them).
  const approvers = await db
    .select({ id: users.id, name: users.name })
    .from(approvalRuleApprovers)
    .innerJoin(users, eq(users.id, approvalRuleApprovers.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, contract.organizationId)),
    )
    .where(eq(approvalRuleApprovers.ruleId, rule.id))
    .orderBy(asc(users.name), asc(users.id));
  if (!actor.apiToken && approvers.some((person) => person.id === actor.userId)) return null;
  const names = approvers.map((person) => person.name);
  const who =
    names.length === 0
      ? 'an admin'
      : `an admin or ${names.length === 1 ? names[0] : `one of ${listOfNames(names)}`}`;
  return {
    message: `Only ${who} can move this draft out of the project “${rule.projectName}”: its approval rule covers the draft.`,
    projectName: rule.projectName,
  };
}
