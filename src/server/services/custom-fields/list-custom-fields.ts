import { asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { CustomField } from '../../../shared/api/custom-fields';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { customFields } from '../../db/schema';

/** An organization's signer fields: the three system fields first, then its own in their order. */
export async function listSignerFields(db: Database, organizationId: string): Promise<CustomField[]> {
  const rows = await db
    .select()
    .from(customFields)
    .where(or(isNull(customFields.organizationId), eq(customFields.organizationId, organizationId)))
    .orderBy(desc(customFields.isDefault), asc(customFields.position), asc(customFields.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    key: row.key,
    type: row.type,
    required: row.required,
    isDefault: row.isDefault,
    organizationId: row.organizationId ?? 'system',
  }));
}

export function listCustomFields(ctx: ServiceContext): Promise<CustomField[]> {
  const { db, actor } = ctx;
  return listSignerFields(db, actor.organizationId);
}
