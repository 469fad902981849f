import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContractTerms } from '../../../shared/api/terms';
import { noticeDayOf } from '../../../shared/terms';
import type { Database } from '../../db/client';
import { type ContractTermsRow, contracts, contractTerms, contractTypes, users } from '../../db/schema';

/** The terms a contract has before anyone set any. */
export function noTerms(contractId: string, organizationId: string): ContractTermsRow {
  return {
    contractId,
    organizationId,
    counterpartyCompany: null,
    counterpartyContact: null,
    counterpartyEmail: null,
    typeId: null,
    value: null,
    currency: null,
    effectiveOn: null,
    duration: null,
    durationMonths: null,
    endOn: null,
    renewal: 'none',
    renewalMonths: null,
    noticeDays: null,
    ownerId: null,
    tags: [],
    custom: {},
    sources: {},
    updatedAt: new Date(0),
  };
}

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

/**
 * The terms of contracts (a row each, in the order given; a contract without terms gets empty
 * ones), with the type's and the owner's names: the owner is whoever was named, else the creator.
 */
export async function termsOf(db: Database, contractIds: readonly string[]): Promise<ContractTerms[]> {
  if (contractIds.length === 0) return [];
  const rows = await db
    .select({
      contractId: contracts.id,
      organizationId: contracts.organizationId,
      createdBy: contracts.createdBy,
      creatorName: creator.name,
      terms: contractTerms,
      typeName: contractTypes.name,
      ownerName: owner.name,
    })
    .from(contracts)
    .leftJoin(contractTerms, eq(contractTerms.contractId, contracts.id))
    .leftJoin(contractTypes, eq(contractTypes.id, contractTerms.typeId))
    .leftJoin(owner, eq(owner.id, contractTerms.ownerId))
    .leftJoin(creator, eq(creator.id, contracts.createdBy))
    .where(inArray(contracts.id, [...contractIds]));
  const byId = new Map(rows.map((row) => [row.contractId, row]));
  return contractIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const terms = row.terms ?? noTerms(row.contractId, row.organizationId);
    return [
      presentTerms(terms, row.typeName, terms.ownerId ? row.ownerName : row.creatorName, row.createdBy),
    ];
  });
}

export function presentTerms(
  terms: ContractTermsRow,
  typeName: string | null,
  ownerName: string | null,
  createdBy: string | null,
): ContractTerms {
  return {
    contractId: terms.contractId,
    counterpartyCompany: terms.counterpartyCompany,
    counterpartyContact: terms.counterpartyContact,
    counterpartyEmail: terms.counterpartyEmail,
    typeId: terms.typeId,
    typeName: terms.typeId ? typeName : null,
    value: terms.value === null ? null : Number(terms.value),
    currency: terms.currency,
    effectiveOn: terms.effectiveOn,
    duration: terms.duration,
    durationMonths: terms.durationMonths,
    endOn: terms.endOn,
    renewal: terms.renewal,
    renewalMonths: terms.renewalMonths,
    noticeDays: terms.noticeDays,
    noticeOn: noticeDayOf(terms.endOn, terms.noticeDays),
    ownerId: terms.ownerId ?? createdBy,
    ownerName,
    tags: terms.tags,
    custom: terms.custom,
    sources: terms.sources,
    updatedAt: terms.updatedAt.getTime() === 0 ? null : terms.updatedAt.toISOString(),
  };
}

/** One contract's stored terms row, locked for a change when asked; empty terms when it has none. */
export async function storedTerms(
  db: Database,
  contract: { id: string; organizationId: string },
  lock = false,
): Promise<ContractTermsRow> {
  const query = db.select().from(contractTerms).where(eq(contractTerms.contractId, contract.id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? noTerms(contract.id, contract.organizationId);
}
