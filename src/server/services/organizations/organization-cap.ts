import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';

/**
 * Refuses one more row of an organization's when it already has `max`. Counted under the
 * organization's row lock (call it in the transaction that inserts), so parallel creates cannot
 * pass the cap together.
 */
export async function assertBelowOrganizationCap(
  tx: Database,
  input: {
    organizationId: string;
    table: PgTable;
    organizationColumn: PgColumn;
    max: number;
    message: string;
  },
): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId))
    .for('update');
  const [existing] = await tx
    .select({ total: count() })
    .from(input.table)
    .where(eq(input.organizationColumn, input.organizationId));
  if ((existing?.total ?? 0) >= input.max) throw new AppError('INVALID_INPUT', input.message);
}
