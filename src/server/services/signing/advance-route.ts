import { asc, eq, inArray } from 'drizzle-orm';
import { currentGroup, groupOf, reached } from '../../../shared/recipients';
import type { Database } from '../../db/client';
import { type ContractRow, signers } from '../../db/schema';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { transition } from '../lifecycle/transition';
import { fieldValuesJson } from './field-values-json';
import { type NamedSigner, recipientFacts } from './find-signer';
import { routeMemberColumns } from './route-members';

type Locked = Pick<ContractRow, 'id' | 'organizationId' | 'status' | 'sequential'>;

/** A contract's recipients as the route reads them, with when each was told. */
export async function routeRows(tx: Database, contractId: string) {
  return tx
    .select({ ...routeMemberColumns, name: signers.name, invitedAt: signers.invitedAt })
    .from(signers)
    .where(eq(signers.contractId, contractId))
    .orderBy(asc(signers.position), asc(signers.createdAt));
}

/**
 * Marks invited everyone the route has reached who was not yet (their turn came, or a CC's group
 * was reached); the mail-signers consumer of the step that follows sends them their e-mail.
 * Returns who was invited now.
 */
export async function inviteReached(
  tx: Database,
  contract: Pick<ContractRow, 'id' | 'sequential'>,
  at: Date,
): Promise<{ invited: string[]; rows: Awaited<ReturnType<typeof routeRows>> }> {
  const rows = await routeRows(tx, contract.id);
  const due = reached(rows, contract.sequential).filter((member) => member.invitedAt === null);
  if (due.length > 0) {
    await tx
      .update(signers)
      .set({ invitedAt: at })
      .where(
        inArray(
          signers.id,
          due.map((member) => member.id),
        ),
      );
  }
  return { invited: due.map((member) => member.id), rows };
}

/**
 * After a recipient acted (or the sender changed the route), with the contract row locked: the
 * contract is complete once every recipient who blocks is done; otherwise whoever's turn came is
 * invited, and a group reached for the first time is a step of its own. `who` is the recipient
 * whose action this follows, as the completion names them.
 */
export async function advanceRoute(
  tx: Database,
  input: {
    contract: Locked;
    who: Pick<NamedSigner, 'id' | 'name' | 'email' | 'role'>;
    author: HistoryAuthor;
    at: Date;
  },
): Promise<{ complete: boolean }> {
  const { contract, author, at } = input;
  const { invited, rows } = await inviteReached(tx, contract, at);
  const current = currentGroup(rows, contract.sequential);
  if (current === null) {
    await transition(tx, {
      contract,
      step: 'contract.completed',
      set: { completedAt: at },
      facts: {
        ...recipientFacts(input.who),
        signerCount: rows.filter((row) => row.status === 'signed').length,
        fieldValues: await fieldValuesJson(tx, contract.id),
      },
      author,
      at,
    });
    return { complete: true };
  }
  const inGroup = (row: (typeof rows)[number]) => groupOf(row, rows, contract.sequential) === current;
  const newlyReached =
    invited.some((id) => rows.some((row) => row.id === id && inGroup(row))) &&
    rows.filter(inGroup).every((row) => row.invitedAt === null || invited.includes(row.id));
  if (newlyReached) {
    const members = rows.filter((row) => invited.includes(row.id));
    await transition(tx, {
      contract,
      step: 'contract.turn_reached',
      facts: {
        group: String(current),
        signerIds: members.map((row) => row.id).join(','),
        names: members.map((row) => `${row.name} (${row.role})`).join(', '),
      },
      author,
      at,
    });
  }
  return { complete: false };
}
