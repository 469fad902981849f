import type { SigningState } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';
import { mayActNow, type RouteMember } from '../../../shared/recipients';
import { signingStateOf } from './signing-state';

const messages: Record<Exclude<SigningState, 'ready'>, string> = {
  waiting: 'It is not your turn yet: you will get an e-mail when it is.',
  signed: 'You have already signed this document.',
  approved: 'You have already approved this document.',
  viewed: 'You have viewed this document: there is nothing more for you to do.',
  declined: 'You declined to sign this document.',
  rejected: 'You rejected this document.',
  delegated: 'You handed this document to someone else: this link no longer works.',
  canceled: 'This document was canceled; there is nothing to sign any more.',
  expired: 'This signing link has expired.',
};

/** Refuses a signature or a decline that the link's state does not allow, saying why. */
export function assertReady(state: SigningState): void {
  if (state !== 'ready') throw new AppError('SIGNING_CLOSED', messages[state]);
}

type Member = RouteMember & { name: string };

/**
 * Refuses an action of a recipient who may not act now, saying why; out of turn, who acts first
 * (by name: a recipient's page never shows another's address).
 */
export function assertMayAct(input: {
  contract: Parameters<typeof signingStateOf>[0]['contract'];
  signer: RouteMember;
  signers: readonly Member[];
}): void {
  const state = signingStateOf(input);
  if (state !== 'waiting') {
    assertReady(state);
    return;
  }
  const first = input.signers.filter((member) => mayActNow(member, input.signers, input.contract.sequential));
  const names = first.map((member) => member.name).join(', ');
  throw new AppError(
    'SIGNING_CLOSED',
    names
      ? `It is not your turn yet: ${names} ${first.length === 1 ? 'acts' : 'act'} first. You will get an e-mail when it is yours.`
      : messages.waiting,
  );
}
