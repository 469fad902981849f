import { createHash } from 'node:crypto';
import type { ChainVerification } from '../../../shared/api/history';

/** The prevHash of a contract's first history entry. */
export const genesisHash = '0'.repeat(64);

export type ChainedEntry = {
  contractId: string;
  seq: number;
  timestamp: Date;
  action: string;
  userId: string | null;
  userName: string;
  details: string | null;
  ip: string | null;
  userAgent: string | null;
};

/** A fixed-order JSON of everything an entry says, so the same entry always hashes the same. */
export function canonicalContent(entry: ChainedEntry): string {
  return JSON.stringify([
    entry.contractId,
    entry.seq,
    entry.timestamp.toISOString(),
    entry.action,
    entry.userId,
    entry.userName,
    entry.details,
    entry.ip,
    entry.userAgent,
  ]);
}

/** SHA-256 over the previous entry's hash and this entry's canonical content. */
export function chainHash(prevHash: string, entry: ChainedEntry): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalContent(entry)).digest('hex');
}

/** The chain's length and last hash as recorded on the contract when the last entry was appended. */
export type ChainHead = { length: number; hash: string };

/**
 * Walks a contract's entries in order and reports the first one that does not follow from the
 * one before: a changed field, a removed or reordered entry, or a forged hash all show up here.
 * The recorded head catches what the walk alone cannot: entries removed from the end.
 */
export function verifyChain(
  entries: readonly (ChainedEntry & { prevHash: string; hash: string })[],
  head: ChainHead,
): ChainVerification {
  let prevHash = genesisHash;
  for (const [index, entry] of entries.entries()) {
    const intact =
      entry.seq === index + 1 && entry.prevHash === prevHash && entry.hash === chainHash(prevHash, entry);
    if (!intact) return { intact: false, entries: entries.length, brokenAtSeq: entry.seq };
    prevHash = entry.hash;
  }
  if (head.length !== entries.length) {
    return { intact: false, entries: entries.length, brokenAtSeq: Math.min(head.length, entries.length) + 1 };
  }
  if (head.hash !== prevHash) return { intact: false, entries: entries.length, brokenAtSeq: entries.length };
  return { intact: true, entries: entries.length, brokenAtSeq: null };
}
