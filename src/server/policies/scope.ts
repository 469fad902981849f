import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import type { Actor } from '../actor';
import type { Database } from '../db/client';
import {
  type BulkSendRow,
  bulkSends,
  type ContractHead,
  type ContractRow,
  contractHeadColumns,
  contractStatusCounts,
  contracts,
  invitations,
  memberships,
  type ProjectRow,
  type PublicLinkRow,
  projects,
  publicLinks,
} from '../db/schema';

/**
 * The one place that decides which rows an actor may see: their own organization's. Services
 * find rows through these, so another organization's id is simply not found, exactly like a
 * missing one.
 */
export const ownContracts = (actor: Actor) => eq(contracts.organizationId, actor.organizationId);
export const ownProjects = (actor: Actor) => eq(projects.organizationId, actor.organizationId);
export const ownMemberships = (actor: Actor) => eq(memberships.organizationId, actor.organizationId);
export const ownInvitations = (actor: Actor) => eq(invitations.organizationId, actor.organizationId);
export const ownBulkSends = (actor: Actor) => eq(bulkSends.organizationId, actor.organizationId);
export const ownPublicLinks = (actor: Actor) => eq(publicLinks.organizationId, actor.organizationId);

/**
 * The same scoping for prepared statements, whose conditions are fixed once: bind
 * scopeParams(actor) when executing them.
 */
export const ownContractsPrepared = eq(contracts.organizationId, sql.placeholder('organizationId'));
export const ownProjectsPrepared = eq(projects.organizationId, sql.placeholder('organizationId'));
export const ownStatusCountsPrepared = eq(
  contractStatusCounts.organizationId,
  sql.placeholder('organizationId'),
);
export const scopeParams = (actor: Actor) => ({ organizationId: actor.organizationId });

type FindContractOptions = { kind?: 'contract' | 'template' | 'either'; forUpdate?: boolean };

/**
 * A contract or template of the actor's organization. `kind` narrows it to one of the two: a
 * template asked for as a contract (or the reverse) is not found either. `content: false` reads
 * it without its document, for steps that do not need it (see db/json-text.ts).
 */
export async function findOwnContract(
  db: Database,
  actor: Actor,
  id: string,
  options: FindContractOptions & { content: false },
): Promise<ContractHead>;
export async function findOwnContract(
  db: Database,
  actor: Actor,
  id: string,
  options?: FindContractOptions,
): Promise<ContractRow>;
export async function findOwnContract(
  db: Database,
  actor: Actor,
  id: string,
  options: FindContractOptions & { content?: false } = {},
): Promise<ContractHead | ContractRow> {
  const kind = options.kind ?? 'either';
  const query = (options.content === false ? db.select(contractHeadColumns) : db.select())
    .from(contracts)
    .where(
      and(
        eq(contracts.id, id),
        ownContracts(actor),
        kind === 'either' ? undefined : eq(contracts.isTemplate, kind === 'template'),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw kind === 'template'
      ? new AppError('TEMPLATE_NOT_FOUND', 'Template not found')
      : new AppError('NOT_FOUND', 'Contract not found');
  }
  return row;
}

export async function findOwnProject(
  db: Database,
  actor: Actor,
  id: string,
  /** lock 'share' keeps the project from being deleted until the transaction ends. */
  options: { field?: string; lock?: 'update' | 'share' } = {},
): Promise<ProjectRow> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), ownProjects(actor)));
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Project not found', options.field);
  return row;
}

/** A bulk send of the actor's organization (`forUpdate` locks it: its changes go one at a time). */
export async function findOwnBulkSend(
  db: Database,
  actor: Actor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<BulkSendRow> {
  const query = db
    .select()
    .from(bulkSends)
    .where(and(eq(bulkSends.id, id), ownBulkSends(actor)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Bulk send not found');
  return row;
}

/** A public link of the actor's organization (`forUpdate` locks it: its changes go one at a time). */
export async function findOwnPublicLink(
  db: Database,
  actor: Actor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PublicLinkRow> {
  const query = db
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.id, id), ownPublicLinks(actor)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Public link not found');
  return row;
}
