import { asc, eq } from 'drizzle-orm';
import type { SigningLinkPurpose } from '../../../shared/enums';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { type ContractRow, contracts, type SignerRow, signers } from '../../db/schema';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { assertLiveLink } from './signing-link';

/**
 * A signer with their contract and its other signers. With `lock`, the contract row is locked
 * first: every signature, decline and completion of one contract then happens one at a time,
 * which is what makes completion happen exactly once. With `link` (the link a signing session
 * was opened with, `SignerContext.linkId`), a link retired meanwhile is refused as the link
 * itself is (also once expired); checked after the lock, which the reminder retiring it also takes, so no code try
 * or signature of a retired session lands after that reminder.
 */
export async function findSignerWithContract(
  db: Database,
  signerId: string,
  options: { lock?: boolean; link?: string | null } = {},
): Promise<{
  signer: NamedSigner;
  contract: ContractRow;
  signers: SignerRow[];
  /** What the session's link is for, when `link` was given. */
  linkPurpose: SigningLinkPurpose | null;
}> {
  const [found] = await db
    .select({ contractId: signers.contractId })
    .from(signers)
    .where(eq(signers.id, signerId));
  if (!found) throw new AppError('NOT_FOUND', 'This signing link is not valid');
  const query = db.select().from(contracts).where(eq(contracts.id, found.contractId));
  const [contract] = options.lock ? await query.for('update') : await query;
  if (!contract) throw new AppError('NOT_FOUND', 'This signing link is not valid');
  const linkPurpose = options.link ? await assertLiveLink(db, { signerId, linkId: options.link }) : null;
  const all = await db
    .select()
    .from(signers)
    .where(eq(signers.contractId, contract.id))
    .orderBy(asc(signers.position), asc(signers.createdAt));
  const signer = all.find((candidate) => candidate.id === signerId);
  if (!signer || !isNamed(signer)) throw new AppError('NOT_FOUND', 'This signing link is not valid');
  return { signer, contract, signers: all, linkPurpose };
}

/**
 * A recipient with an address: everyone but one left to be named who is not yet, who has no link
 * and is sent nothing.
 */
export type NamedSigner = SignerRow & { email: string };
export const isNamed = <T extends { email: string | null }>(signer: T): signer is T & { email: string } =>
  signer.email !== null;

/** Who a step concerns, as every recipient's event states it. */
export const recipientFacts = (signer: Pick<NamedSigner, 'id' | 'name' | 'email' | 'role'>) => ({
  signerId: signer.id,
  signerName: signer.name,
  signerEmail: signer.email,
  signerRole: signer.role,
});

export function signerAuthor(
  signer: Pick<SignerRow, 'name' | 'email'>,
  origin: { ip: string | null; userAgent: string | null },
): HistoryAuthor {
  return { userId: null, userName: `${signer.name} (${signer.email})`, ...origin };
}
