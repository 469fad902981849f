import type { SigningState } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';

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
