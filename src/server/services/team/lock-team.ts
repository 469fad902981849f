import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { memberships, organizations } from '../../db/schema';
import { ownMemberships } from '../../policies/scope';

export const lastAdminMessage = 'An organization needs at least one admin';

/**
 * Starts a change to the team inside a transaction: locks the organization row, so changes to one
 * team happen one after another (two admins demoting each other at once cannot leave none), and
 * checks that the actor is still an admin now that nobody else can change it.
 */
export async function lockTeamAsAdmin(tx: Database, actor: Actor, what: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId))
    .for('no key update');
  const [own] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(ownMemberships(actor), eq(memberships.userId, actor.userId)));
  if (own?.role !== 'admin') throw new AppError('FORBIDDEN', `Only an admin can ${what}`);
}

/** Refuses a change that would leave the organization without an admin (call it under the lock). */
export async function assertAnotherAdmin(tx: Database, actor: Actor): Promise<void> {
  const [admins] = await tx
    .select({ count: count() })
    .from(memberships)
    .where(and(ownMemberships(actor), eq(memberships.role, 'admin')));
  if ((admins?.count ?? 0) <= 1) throw new AppError('LAST_ADMIN', lastAdminMessage);
}
