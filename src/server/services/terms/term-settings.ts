import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mergeFieldKeyOf } from '../../../editor/merge-field-values';
import type {
  contractTypeBodySchema,
  TermSettings,
  termFieldBodySchema,
  updateTermFieldBodySchema,
} from '../../../shared/api/terms';
import { AppError } from '../../../shared/errors';
import { termLimits } from '../../../shared/terms';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { contractTerms, contractTypes, termFields } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { relabelTermDeadlines } from './write-terms';

/** The organization's contract types (with how many contracts have each) and its own term fields. */
export async function termSettings(db: Database, organizationId: string): Promise<TermSettings> {
  const [types, fields] = await Promise.all([
    db
      .select({ id: contractTypes.id, name: contractTypes.name, contracts: count(contractTerms.contractId) })
      .from(contractTypes)
      .leftJoin(contractTerms, eq(contractTerms.typeId, contractTypes.id))
      .where(eq(contractTypes.organizationId, organizationId))
      .groupBy(contractTypes.id)
      .orderBy(asc(contractTypes.position), asc(contractTypes.name)),
    db
      .select({
        id: termFields.id,
        name: termFields.name,
        key: termFields.key,
        kind: termFields.kind,
        options: termFields.options,
      })
      .from(termFields)
      .where(eq(termFields.organizationId, organizationId))
      .orderBy(asc(termFields.position)),
  ]);
  return { types, fields };
}

/** Two types of one name would be one in every filter: refused (and the unique index holds under a race). */
async function refuseTakenTypeName(db: Database, organizationId: string, name: string): Promise<void> {
  const [taken] = await db
    .select({ id: contractTypes.id })
    .from(contractTypes)
    .where(
      and(
        eq(contractTypes.organizationId, organizationId),
        sql`lower(${contractTypes.name}) = ${name.toLowerCase()}`,
      ),
    );
  if (taken) throw new AppError('INVALID_INPUT', `There is already a type called ${name}`, 'name');
}

async function ownType(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(contractTypes)
    .where(and(eq(contractTypes.id, id), eq(contractTypes.organizationId, organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Contract type not found');
  return row;
}

async function ownField(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(termFields)
    .where(and(eq(termFields.id, id), eq(termFields.organizationId, organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Term not found');
  return row;
}

/** Adds a contract type to the organization's list, after the others. Admins only. */
export async function createContractType(
  ctx: ServiceContext,
  input: z.infer<typeof contractTypeBodySchema>,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the contract types');
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count(), last: max(contractTypes.position) })
      .from(contractTypes)
      .where(eq(contractTypes.organizationId, actor.organizationId));
    if ((existing?.n ?? 0) >= termLimits.types) {
      throw new AppError(
        'INVALID_INPUT',
        `An organization has at most ${termLimits.types} contract types`,
        'name',
      );
    }
    await refuseTakenTypeName(tx, actor.organizationId, input.name);
    await tx.insert(contractTypes).values({
      organizationId: actor.organizationId,
      name: input.name,
      position: (existing?.last ?? 0) + 1,
    });
  });
}

export async function renameContractType(
  ctx: ServiceContext,
  id: string,
  input: z.infer<typeof contractTypeBodySchema>,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the contract types');
  const type = await ownType(db, actor.organizationId, id);
  if (type.name.toLowerCase() !== input.name.toLowerCase()) {
    await refuseTakenTypeName(db, actor.organizationId, input.name);
  }
  await db.update(contractTypes).set({ name: input.name }).where(eq(contractTypes.id, id));
}

/** Removes a type; the contracts that had it keep their other terms and have no type. */
export async function deleteContractType(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the contract types');
  await ownType(db, actor.organizationId, id);
  await db.delete(contractTypes).where(eq(contractTypes.id, id));
}

/** Adds one of the organization's own term fields. Its key is fixed now: values are kept under it. */
export async function createTermField(
  ctx: ServiceContext,
  input: z.infer<typeof termFieldBodySchema>,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the term fields');
  await db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(termFields)
      .where(eq(termFields.organizationId, actor.organizationId));
    if (existing.length >= termLimits.fields) {
      throw new AppError(
        'INVALID_INPUT',
        `An organization has at most ${termLimits.fields} term fields`,
        'name',
      );
    }
    if (existing.some((field) => field.name.toLowerCase() === input.name.toLowerCase())) {
      throw new AppError('INVALID_INPUT', `There is already a term called ${input.name}`, 'name');
    }
    const base = mergeFieldKeyOf(input.name);
    let key = base;
    for (let n = 2; existing.some((field) => field.key === key); n += 1) key = `${base}${n}`;
    await tx.insert(termFields).values({
      organizationId: actor.organizationId,
      name: input.name,
      key,
      kind: input.kind,
      options: input.kind === 'choice' ? [...new Set(input.options)] : [],
      position: Math.max(0, ...existing.map((field) => field.position)) + 1,
    });
  });
}

/** Renames a term field or changes a choice's options; its kind and key stay. */
export async function updateTermField(
  ctx: ServiceContext,
  id: string,
  input: z.infer<typeof updateTermFieldBodySchema>,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the term fields');
  await db.transaction(async (tx) => {
    const field = await ownField(tx, actor.organizationId, id);
    if (input.options && field.kind !== 'choice') {
      throw new AppError('INVALID_INPUT', 'Only a choice has options', 'options');
    }
    if (input.options && input.options.length < 2) {
      throw new AppError('INVALID_INPUT', 'A choice needs at least two options', 'options');
    }
    if (input.name && input.name.toLowerCase() !== field.name.toLowerCase()) {
      const [taken] = await tx
        .select({ id: termFields.id })
        .from(termFields)
        .where(
          and(
            eq(termFields.organizationId, actor.organizationId),
            sql`lower(${termFields.name}) = ${input.name.toLowerCase()}`,
          ),
        );
      if (taken) throw new AppError('INVALID_INPUT', `There is already a term called ${input.name}`, 'name');
    }
    await tx
      .update(termFields)
      .set({
        ...(input.name ? { name: input.name } : {}),
        ...(input.options ? { options: [...new Set(input.options)] } : {}),
      })
      .where(eq(termFields.id, id));
    if (input.name && field.kind === 'date') {
      await relabelTermDeadlines(tx, actor.organizationId, field.key, input.name);
    }
  });
}

/**
 * Removes a term field: contracts keep no value of it (their other terms stay) and its date
 * deadlines go. The values already given stay in their history entries.
 */
export async function deleteTermField(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the term fields');
  await db.transaction(async (tx) => {
    const field = await ownField(tx, actor.organizationId, id);
    await tx.delete(termFields).where(eq(termFields.id, id));
    await tx
      .update(contractTerms)
      .set({ custom: sql`${contractTerms.custom} - ${field.key}::text` })
      .where(
        and(
          eq(contractTerms.organizationId, actor.organizationId),
          sql`${contractTerms.custom} ? ${field.key}`,
        ),
      );
    if (field.kind === 'date') await relabelTermDeadlines(tx, actor.organizationId, field.key, null);
  });
}
