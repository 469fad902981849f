import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type RecipientRole, roleOf } from '../../../shared/recipients';
import type { Database } from '../../db/client';
import { contractFields } from '../../db/schema';

type Entry = {
  name: string;
  role: RecipientRole;
  signingOrder: number;
  position: number;
  namedBy: number | null;
};

/**
 * What the route must be to be sent: someone signs; a recipient left to be named is named by one
 * whose turn comes before theirs (so the contract is sent in order); no field waits on a recipient
 * who fills none (a viewer or a CC). The list itself was checked as it was saved
 * (shared/recipients/list-problems.ts).
 */
export async function checkRoute(
  db: Database,
  contractId: string,
  list: readonly Entry[],
  sequential: boolean,
  textFieldSigners: readonly number[],
): Promise<void> {
  if (!list.some((entry) => entry.role === 'signer')) {
    throw new AppError('INVALID_INPUT', 'Add at least one signer before sending', 'signers');
  }
  for (const entry of list) {
    if (entry.namedBy === null) continue;
    const namer = list.find((other) => other.position === entry.namedBy);
    const label = entry.name ? `"${entry.name}"` : `recipient ${entry.position}`;
    if (!sequential) {
      throw new AppError(
        'INVALID_INPUT',
        `${label} is to be named by ${namer?.name ?? 'an earlier recipient'}: send in order, so that they act first`,
        'sequential',
      );
    }
    if (!namer || namer.signingOrder >= entry.signingOrder) {
      throw new AppError(
        'INVALID_INPUT',
        `${label} is to be named by ${namer?.name ?? 'a recipient who is gone'}, who must act in an earlier group: give them a lower order number`,
        'signers',
      );
    }
  }
  const placed = await db
    .selectDistinct({ signer: contractFields.signer })
    .from(contractFields)
    .where(eq(contractFields.contractId, contractId));
  const numbers = new Set([
    ...placed.flatMap((row) => (row.signer === null ? [] : [row.signer])),
    ...textFieldSigners,
  ]);
  for (const number of numbers) {
    const entry = list.find((other) => other.position === number);
    if (entry && !roleOf(entry.role).mayHaveFields) {
      throw new AppError(
        'INVALID_INPUT',
        `A field is for ${entry.name || `recipient ${number}`}, a ${roleOf(entry.role).label.toLowerCase()}, who fills no fields: assign it to someone else or change their role`,
        'fields',
      );
    }
  }
}

/** The route in words, for the history of the send: "1: Ann (approver); 2: Bob, Cy; CC: Dee". */
export function describeRoute(list: readonly Entry[], sequential: boolean): string {
  const who = (entry: Entry) =>
    `${entry.name || `recipient ${entry.position}, to be named`}${entry.role === 'signer' ? '' : ` (${roleOf(entry.role).label.toLowerCase()})`}`;
  if (!sequential) return list.map(who).join(', ');
  const groups = new Map<number, Entry[]>();
  for (const entry of list)
    groups.set(entry.signingOrder, [...(groups.get(entry.signingOrder) ?? []), entry]);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([order, members]) => `${order}: ${members.map(who).join(', ')}`)
    .join('; ');
}
