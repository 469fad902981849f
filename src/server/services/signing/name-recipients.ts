import { and, eq, isNull } from 'drizzle-orm';
import type { NamedRecipient } from '../../../shared/api/route';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { type ContractRow, type SignerRow, signers } from '../../db/schema';
import { contractOwner } from '../contracts/contract-owner';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { transition } from '../lifecycle/transition';
import { type NamedSigner, recipientFacts } from './find-signer';

type Member = Pick<SignerRow, 'id' | 'name' | 'email' | 'role' | 'position' | 'namedBy' | 'status'>;

/** The later recipients the sender left for this one to name, not named yet. */
export const toNameBy = <T extends Member>(all: readonly T[], namer: Pick<SignerRow, 'position'>): T[] =>
  all.filter(
    (member) => member.namedBy === namer.position && member.email === null && member.status !== 'delegated',
  );

/** The sender's address, which no recipient may name (as none may hand a turn to it). */
export async function senderEmailOf(
  db: Database,
  contract: Pick<ContractRow, 'createdBy'>,
): Promise<string | null> {
  return (await contractOwner(db, contract.createdBy))?.email.toLowerCase() ?? null;
}

/**
 * Checks the names a recipient gives as they act: exactly the recipients left to them, each a
 * person not already on the contract and not the sender (who would then act for the other side).
 * Refused before anything is stored, saying what to fix.
 */
export function checkNamed(
  all: readonly Member[],
  namer: NamedSigner,
  named: readonly NamedRecipient[],
  senderEmail: string | null,
): void {
  const due = toNameBy(all, namer);
  const given = new Map(named.map((entry) => [entry.number, entry]));
  if (given.size < named.length) {
    throw new AppError('INVALID_INPUT', 'Name each recipient once', 'named');
  }
  for (const entry of named) {
    if (!due.some((member) => member.position === entry.number)) {
      throw new AppError('INVALID_INPUT', 'You were not asked to name that recipient', 'named');
    }
  }
  const missing = due.find((member) => !given.has(member.position));
  if (missing) {
    throw new AppError(
      'INVALID_INPUT',
      `Name the ${missing.role === 'cc' ? 'person to copy' : missing.role} ${missing.name ? `"${missing.name}" ` : ''}before you finish`,
      'named',
    );
  }
  const emails = new Set<string>();
  for (const entry of named) {
    if (entry.email === senderEmail) {
      throw new AppError(
        'INVALID_INPUT',
        `${entry.email} is the sender's address: name the person who is to act for your side`,
        'named',
      );
    }
    if (emails.has(entry.email) || all.some((member) => member.email === entry.email)) {
      throw new AppError(
        'INVALID_INPUT',
        `${entry.email} is already on this contract: name someone else`,
        'named',
      );
    }
    emails.add(entry.email);
  }
}

/** Stores the names given (checked by checkNamed), each a step of the history. */
export async function storeNamed(
  tx: Database,
  input: {
    contract: Pick<ContractRow, 'id' | 'organizationId' | 'status' | 'createdBy'>;
    namer: NamedSigner;
    all: readonly Member[];
    named: readonly NamedRecipient[];
    author: HistoryAuthor;
    at: Date;
  },
): Promise<void> {
  if (input.named.length === 0 && toNameBy(input.all, input.namer).length === 0) return;
  checkNamed(input.all, input.namer, input.named, await senderEmailOf(tx, input.contract));
  for (const entry of input.named) {
    const [member] = await tx
      .update(signers)
      .set({ name: entry.name, email: entry.email })
      .where(
        and(
          eq(signers.contractId, input.contract.id),
          eq(signers.position, entry.number),
          isNull(signers.email),
        ),
      )
      .returning();
    if (!member || member.email === null) continue;
    await transition(tx, {
      contract: input.contract,
      step: 'signer.named',
      facts: {
        ...recipientFacts({ ...member, email: member.email }),
        namedById: input.namer.id,
        namedByName: input.namer.name,
      },
      author: input.author,
      at: input.at,
    });
  }
}
