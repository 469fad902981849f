import type { SigningState } from '../../../shared/api/signing';
import type { ContractStatus, SignerStatus } from '../../../shared/statuses';

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
  const now = input.now ?? new Date();
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
