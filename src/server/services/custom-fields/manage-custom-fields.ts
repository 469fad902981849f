import { and, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import { mergeFieldKeyOf } from '../../../editor/merge-field-values';
import type { createCustomFieldBodySchema, updateCustomFieldBodySchema } from '../../../shared/api/settings';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { customFields } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { listSignerFields } from './list-custom-fields';

async function ownField(db: Database, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.id, id), eq(customFields.organizationId, actor.organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Field not found');
  return row;
}

/** Adds one of the organization's own signer fields, after the others. Admins only. */
export async function createCustomField(
  ctx: ServiceContext,
  input: z.infer<typeof createCustomFieldBodySchema>,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the signer fields');
  const existing = await listSignerFields(db, actor.organizationId);
  if (existing.some((field) => field.name.toLowerCase() === input.name.toLowerCase())) {
    throw new AppError('INVALID_INPUT', `There is already a field called ${input.name}`, 'name');
  }
  // The same key a merge field with this label gets, so a template's placeholder matches it.
  const base = mergeFieldKeyOf(input.name);
  let key = base;
  for (let n = 2; existing.some((field) => field.key === key); n += 1) key = `${base}${n}`;
  const [last] = await db
    .select({ position: max(customFields.position) })
    .from(customFields)
    .where(eq(customFields.organizationId, actor.organizationId));
  await db.insert(customFields).values({
    organizationId: actor.organizationId,
    name: input.name,
    key,
    type: input.type,
    required: input.required,
    position: (last?.position ?? 10) + 1,
  });
}

/** Renames a field or changes whether it is required; the system fields are fixed. */
export async function updateCustomField(
  ctx: ServiceContext,
  id: string,
  input: z.infer<typeof updateCustomFieldBodySchema>,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the signer fields');
  await ownField(db, actor, id);
  if (input.name) {
    const others = (await listSignerFields(db, actor.organizationId)).filter((field) => field.id !== id);
    if (others.some((field) => field.name.toLowerCase() === input.name?.toLowerCase())) {
      throw new AppError('INVALID_INPUT', `There is already a field called ${input.name}`, 'name');
    }
  }
  await db.update(customFields).set(input).where(eq(customFields.id, id));
}

/** Removes one of the organization's own fields; values signers already gave stay in their records. */
export async function deleteCustomField(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the signer fields');
  await ownField(db, actor, id);
  await db.delete(customFields).where(eq(customFields.id, id));
}
