import type { z } from 'zod';
import type { signerInputSchema } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import { currentGroup, groupOf } from '../../../shared/recipients';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { signers } from '../../db/schema';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { advanceRoute } from '../signing/advance-route';
import { recipientFacts } from '../signing/find-signer';
import { signerNumbered } from '../signing/signer-numbers';
import { hashAccessCodes } from './hash-access-codes';
import { nextRecipientNumber } from './next-recipient-number';
import { assertNewAddress, lockContractOut } from './recipients-while-out';

type RecipientInput = z.infer<typeof signerInputSchema>;

/** The most numbers a contract's recipients take (as a draft's list allows). */
const maxNumber = 50;

/**
 * The sender adds a recipient to a contract that is out, into a group the route has not reached
 * (a contract sent at once has reached everyone). They take the next number; the frozen document
 * stays as it is, so they fill no field unless one is reassigned to them. They are invited when
 * their group comes, as everyone else (advance-route.ts).
 */
export async function addSigner(
  ctx: ServiceContext,
  contractId: string,
  input: RecipientInput,
): Promise<string> {
  const { db, actor } = ctx;
  if (input.namedBy != null) {
    throw new AppError(
      'INVALID_INPUT',
      'A recipient added while out is named now: give their name and address',
      'namedBy',
    );
  }
  if (!input.email || input.name === '') {
    throw new AppError(
      'INVALID_INPUT',
      'Give the name and e-mail address of the recipient to add',
      input.email ? 'name' : 'email',
    );
  }
  const email = input.email;
  // Hashed before the transaction opens (argon2 would hold the database meanwhile).
  const [hashed] = await hashAccessCodes([input]);
  return db.transaction(async (tx) => {
    const { contract, all } = await lockContractOut(tx, actor, contractId);
    assertNewAddress(all, email);
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
      namedBy: null,
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
        accessCodeHash: hashed?.accessCodeHash ?? null,
        requireEmailCode: input.requireEmailCode ?? false,
        createdAt: now,
      })
      .returning();
    if (!added || added.email === null) throw new Error('The recipient was not stored');
    const author = authorOf(actor);
    await transition(tx, {
      contract,
      step: 'signer.added',
      facts: {
        ...recipientFacts({ ...added, email: added.email }),
        number: String(position),
        group: String(group),
      },
      author,
      at: now,
    });
    await advanceRoute(tx, { contract, who: { ...added, email: added.email }, author, at: now });
    return added.id;
  });

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
