import type { ClosedSigningState, OpenSigningState, SigningState } from '../../../shared/api/signing';
import type { ContractStatus, SignerStatus } from '../../../shared/statuses';
import * as clock from '../../clock';

type SignerTurn = { id: string; status: SignerStatus; signingOrder: number };

/**
 * Whether a signer may sign now, or why not. In a sequential signing only the first signer (by
 * order) who has not signed may; the others wait for their invitation.
 */
export function signingStateOf(input: {
  contract: { status: ContractStatus; sequential: boolean; expiresAt: Date | null };
  signer: SignerTurn;
  signers: readonly SignerTurn[];
  now?: Date;
}): SigningState {
  const { contract, signer } = input;
  if (signer.status === 'signed') return 'signed';
  if (signer.status === 'declined') return 'declined';
  if (contract.status === 'canceled') return 'canceled';
  const now = input.now ?? clock.now();
  if (contract.status === 'expired' || (contract.expiresAt && contract.expiresAt <= now)) return 'expired';
  if (contract.status !== 'sent') return 'canceled';
  if (contract.sequential && currentTurn(input.signers)?.id !== signer.id) return 'waiting';
  return 'ready';
}

/** The signer whose turn it is in a sequential signing. */
export function currentTurn<T extends SignerTurn>(signers: readonly T[]): T | undefined {
  return [...signers]
    .filter((candidate) => candidate.status !== 'signed')
    .sort((a, b) => a.signingOrder - b.signingOrder)[0];
}

/**
 * What a signer's page may show: for a contract over without a seal (they declined, or it was
 * canceled or expired, also for a signer who signed before that) only how it closed and who sent
 * it, none of the document, its fields or the other signers; otherwise the document.
 */
export function pageStateOf(
  contract: { status: ContractStatus },
  state: SigningState,
): { closed: true; state: ClosedSigningState } | { closed: false; state: OpenSigningState } {
  if (state === 'declined' || state === 'canceled' || state === 'expired') return { closed: true, state };
  if (contract.status === 'canceled' || contract.status === 'expired')
    return { closed: true, state: contract.status };
  return { closed: false, state };
}
