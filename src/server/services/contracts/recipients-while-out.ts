import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { isDone } from '../../../shared/recipients';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { type ContractHead, type SignerRow, signers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';

/**
 * What the sender's changes to a contract that is out (correct, add, remove a recipient) share:
 * the contract of the actor's organization, locked as every signature locks it (so a change and
 * an action on the same recipient happen one after the other), only while it is sent; and its
 * recipients, the delegated entries included (they are the route's history).
 */
export async function lockContractOut(
  tx: Database,
  actor: Actor,
  contractId: string,
): Promise<{ contract: ContractHead; all: SignerRow[] }> {
  const contract = await findOwnContract(tx, actor, contractId, {
    kind: 'contract',
    forUpdate: true,
    content: false,
  });
  if (contract.status !== 'sent') {
    throw new AppError(
      'CONTRACT_NOT_OPEN',
      `This contract is ${contract.status}: its recipients change only while it is out for signing`,
    );
  }
  const all = await tx
    .select()
    .from(signers)
    .where(eq(signers.contractId, contract.id))
    .orderBy(asc(signers.position), asc(signers.createdAt));
  return { contract, all };
}

/** The recipient of the contract with that id (404 otherwise). */
export function recipientIn(all: readonly SignerRow[], signerId: string): SignerRow {
  const signer = all.find((candidate) => candidate.id === signerId);
  if (!signer) throw new AppError('NOT_FOUND', 'Recipient not found');
  return signer;
}

/**
 * Whether the recipient's part is behind them: done (signed, approved, viewed as a viewer), or
 * declined, rejected, handed on. An opening alone is not acting, but for a viewer.
 */
export const hasActed = (signer: Pick<SignerRow, 'role' | 'status'>): boolean =>
  isDone(signer) || ['declined', 'rejected', 'delegated', 'signed', 'approved'].includes(signer.status);

/** Refuses a change to a recipient who acted, saying what they did. */
export function assertNotActed(signer: SignerRow, change: string): void {
  if (!hasActed(signer)) return;
  const did: Record<string, string> = {
    signed: 'signed',
    approved: 'approved',
    viewed: 'viewed it',
    declined: 'declined',
    rejected: 'rejected it',
    delegated: 'handed their turn to someone else',
  };
  throw new AppError(
    'CONTRACT_NOT_OPEN',
    `${signer.name || 'This recipient'} has ${did[signer.status] ?? 'acted'} already, so they can no longer be ${change}`,
  );
}

/** Refuses an address another entry of the contract has (the one kept per contract). */
export function assertNewAddress(all: readonly SignerRow[], email: string, except?: string): void {
  if (all.some((other) => other.id !== except && other.email?.toLowerCase() === email)) {
    throw new AppError('INVALID_INPUT', `${email} is already on this contract`, 'email');
  }
}
