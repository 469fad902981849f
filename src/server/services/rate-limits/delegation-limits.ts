import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';
import { consumeRateLimit } from './consume-rate-limit';
import { consumeOutgoingMail } from './outgoing-mail-limits';

/**
 * How far a contract may be handed on. Each hand-over mails a new address a link from this
 * instance, chosen by whoever holds a link (not a member): a loop of delegations must not make
 * Pactum a relay. A real hand-over happens once or twice (a signer on leave, then their deputy);
 * past five the sender should correct the recipient instead. Per organization, an hour's hand-overs
 * across all its contracts; and each is one of the organization's signing mails.
 */
export const delegationLimits = {
  perContract: 5,
  perOrganization: { limit: 30, windowMs: 60 * 60 * 1000 },
  /** Tries per link holder, refused ones included: room to fix a typed address, not for a flood. */
  triesPerRecipient: { limit: 10, windowMs: 10 * 60 * 1000 },
};

/**
 * Counts a try to hand a turn on, before its transaction (one atomic upsert, no lock on the
 * contract), and refuses one past the limit. Each try otherwise locks the contract row: a
 * thousand parallel tries from one link held every pooled connection waiting on that lock, and
 * other organizations' requests got 503s.
 */
export async function countDelegationTry(db: Database, signerId: string, now = clock.now()): Promise<void> {
  const wait = await consumeRateLimit(
    db,
    `signer-delegate:${signerId}`,
    delegationLimits.triesPerRecipient,
    now,
  );
  if (wait > 0) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many tries to hand this document on in a short time. You can try again in ${Math.ceil(wait / 60)} minutes.`,
      undefined,
      wait,
    );
  }
}

/**
 * Counts one hand-over against the contract, the organization and its mail, in the transaction
 * that makes it (with the contract row locked, so the contract's count cannot race): a refusal
 * rolls back the counts with everything else.
 */
export async function consumeDelegation(
  tx: Database,
  contract: { id: string; organizationId: string },
  now = clock.now(),
): Promise<void> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(signers)
    .where(and(eq(signers.contractId, contract.id), isNotNull(signers.delegatedAt)));
  if ((row?.count ?? 0) >= delegationLimits.perContract) {
    throw new AppError(
      'RATE_LIMITED',
      `This contract has been handed on ${delegationLimits.perContract} times already, the most it may be: ask the sender to correct the recipient instead.`,
    );
  }
  const rule = delegationLimits.perOrganization;
  const wait = await consumeRateLimit(tx, `delegations:${contract.organizationId}`, rule, now);
  if (wait > 0) {
    throw new AppError(
      'RATE_LIMITED',
      `Contracts of this organization were handed on ${rule.limit} times in the last hour, the most allowed. Try again in ${Math.ceil(wait / 60)} minutes.`,
      undefined,
      wait,
    );
  }
  await consumeOutgoingMail(tx, contract.organizationId, 'signingRecipients', 1, now);
}
