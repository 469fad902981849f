import type { z } from 'zod';
import type { signerInputSchema } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import { currentGroup, groupOf, roleOf } from '../../../shared/recipients';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { type SignerRow, signers } from '../../db/schema';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { advanceRoute } from '../signing/advance-route';
import { recipientFacts } from '../signing/find-signer';
import { signerNumbered } from '../signing/signer-numbers';
import { hashAccessCodes } from './hash-access-codes';
import { nextRecipientNumber } from './next-recipient-number';
import { assertNewAddress, hasActed, lockContractOut } from './recipients-while-out';

type RecipientInput = z.infer<typeof signerInputSchema>;

/** The most numbers a contract's recipients take (as a draft's list allows). */
const maxNumber = 50;

/**
 * The sender adds a recipient to a contract that is out, into a group the route has not reached
 * (a contract sent at once has reached everyone). They take the next number; the frozen document
 * stays as it is, so they fill no field unless one is reassigned to them. They are invited when
 * their group comes, as everyone else (advance-route.ts). One may be left to be named by an
 * earlier signer or approver who has not acted yet (`namedBy`), in a group after theirs: that
 * recipient then names them as they act, on their own signing page.
 */
export async function addSigner(
  ctx: ServiceContext,
  contractId: string,
  input: RecipientInput,
): Promise<string> {
  const { db, actor } = ctx;
  // One left to be named is named by an earlier recipient who has not acted yet, as they act.
  const namedLater = input.namedBy != null;
  if (namedLater && input.email) {
    throw new AppError(
      'INVALID_INPUT',
      'A recipient left to be named has no address yet: leave it out',
      'email',
    );
  }
  if (!namedLater && (!input.email || input.name === '')) {
    throw new AppError(
      'INVALID_INPUT',
      'Give the name and e-mail address of the recipient to add',
      input.email ? 'name' : 'email',
    );
  }
  const email = input.email ?? null;
  // Hashed before the transaction opens (argon2 would hold the database meanwhile).
  const [hashed] = await hashAccessCodes([input]);
  return db.transaction(async (tx) => {
    const { contract, all } = await lockContractOut(tx, actor, contractId);
    if (email !== null) assertNewAddress(all, email);
    const namer = namedLater ? namerOf(all, input.namedBy ?? null) : undefined;
    if (!contract.sequential) {
      throw new AppError(
        'INVALID_INPUT',
        'This contract went to everyone at once, so every group is reached: a recipient can be added only to a later group of a contract sent in order',
        'signingOrder',
      );
    }
    const witnessed = input.role === 'witness' ? signerNumbered(all, input.witnessOf ?? null) : undefined;
    if (input.role === 'witness') {
      if (witnessed?.role !== 'signer') {
        throw new AppError(
          'INVALID_INPUT',
          'Choose the signer this witness witnesses, by number',
          'witnessOf',
        );
      }
      if (
        all.some(
          (other) =>
            other.role === 'witness' &&
            other.status !== 'delegated' &&
            other.witnessOf === witnessed.position,
        )
      ) {
        throw new AppError('INVALID_INPUT', 'That signer already has a witness', 'witnessOf');
      }
    } else if (input.witnessOf != null) {
      throw new AppError('INVALID_INPUT', 'Only a witness witnesses a signer', 'witnessOf');
    }
    const position = await nextNumber(tx, contract.id);
    const member = {
      id: '',
      role: input.role,
      status: 'pending' as const,
      signingOrder: input.signingOrder ?? 0,
      position,
      witnessOf: witnessed?.position ?? null,
      namedBy: namer?.position ?? null,
      email,
    };
    const current = currentGroup(all, true);
    const group = input.role === 'witness' ? groupOf(member, all, true) : input.signingOrder;
    if (group === undefined || current === null || group <= current) {
      throw new AppError(
        'INVALID_INPUT',
        `Group ${current ?? 1} is the one whose turn it is: add the recipient to a later group (an order number above ${current ?? 1})${input.role === 'witness' ? ', with a signer of a later group' : ''}`,
        'signingOrder',
      );
    }
    if (namer && groupOf(namer, all, true) >= group) {
      throw new AppError(
        'INVALID_INPUT',
        `${namer.name} acts in group ${groupOf(namer, all, true)}: the recipient they name goes in a later group`,
        'signingOrder',
      );
    }
    const now = clock.now();
    await consumeOutgoingMail(tx, actor.organizationId, 'signingRecipients', 1, now);
    const [added] = await tx
      .insert(signers)
      .values({
        contractId: contract.id,
        name: input.name,
        email,
        role: input.role,
        signingOrder: group,
        position,
        witnessOf: member.witnessOf,
        namedBy: member.namedBy,
        accessCodeHash: hashed?.accessCodeHash ?? null,
        requireEmailCode: input.requireEmailCode ?? false,
        createdAt: now,
      })
      .returning();
    if (!added) throw new Error('The recipient was not stored');
    const who = { ...added, email: added.email ?? '' };
    const author = authorOf(actor);
    await transition(tx, {
      contract,
      step: 'signer.added',
      facts: {
        ...recipientFacts(who),
        number: String(position),
        group: String(group),
      },
      author,
      at: now,
    });
    await advanceRoute(tx, { contract, who, author, at: now });
    return added.id;
  });

  /** Who names the recipient added: a named signer or approver of the contract who has not acted. */
  function namerOf(all: readonly SignerRow[], number: number | null): SignerRow {
    const found = signerNumbered(all, number);
    if (!found || found.email === null || !roleOf(found.role).mayName) {
      throw new AppError(
        'INVALID_INPUT',
        'Choose who names this recipient: a signer or approver of this contract, by number',
        'namedBy',
      );
    }
    if (hasActed(found)) {
      throw new AppError(
        'INVALID_INPUT',
        `${found.name} has acted already, so they can no longer name anyone: choose a recipient who has not, or give the person's name and address yourself`,
        'namedBy',
      );
    }
    return found;
  }

  async function nextNumber(tx: Parameters<typeof nextRecipientNumber>[0], id: string): Promise<number> {
    const number = await nextRecipientNumber(tx, id);
    if (number > maxNumber) {
      throw new AppError(
        'INVALID_INPUT',
        `A contract can have at most ${maxNumber} recipients, removed ones included`,
      );
    }
    return number;
  }
}
