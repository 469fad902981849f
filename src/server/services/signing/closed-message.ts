import type { SigningState } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';

const messages: Record<Exclude<SigningState, 'ready'>, string> = {
  waiting: 'It is not your turn to sign yet: you will get an e-mail when it is.',
  signed: 'You have already signed this document.',
  declined: 'You declined to sign this document.',
  canceled: 'This document was canceled; there is nothing to sign any more.',
  expired: 'This signing link has expired.',
};

/** Refuses a signature or a decline that the link's state does not allow, saying why. */
export function assertReady(state: SigningState): void {
  if (state !== 'ready') throw new AppError('SIGNING_CLOSED', messages[state]);
}
