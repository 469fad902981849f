import type { ClosedSigningState, OpenSigningState, SigningState } from '../../../shared/api/signing';
import { mayActNow, type RouteMember } from '../../../shared/recipients';
import type { ContractStatus } from '../../../shared/statuses';
import * as clock from '../../clock';

/**
 * Whether a recipient may act now (sign, approve, fill, view), or why not: done already, the
 * contract over, or not their turn on the route (shared/recipients/route.ts): a later group's
 * link, a witness before their signer has signed, waits.
 */
export function signingStateOf(input: {
  contract: { status: ContractStatus; sequential: boolean; expiresAt: Date | null };
  signer: RouteMember;
  signers: readonly RouteMember[];
  now?: Date;
}): SigningState {
  const { contract, signer } = input;
  if (signer.status === 'signed') return 'signed';
  if (signer.status === 'approved') return 'approved';
  if (signer.status === 'declined') return 'declined';
  if (signer.status === 'rejected') return 'rejected';
  if (signer.status === 'delegated') return 'delegated';
  if (signer.role === 'viewer' && signer.status === 'viewed') return 'viewed';
  if (contract.status === 'canceled') return 'canceled';
  const now = input.now ?? clock.now();
  if (contract.status === 'expired' || (contract.expiresAt && contract.expiresAt <= now)) return 'expired';
  if (contract.status !== 'sent') return 'canceled';
  if (!mayActNow(signer, input.signers, contract.sequential)) return 'waiting';
  return 'ready';
}

/**
 * What a recipient's page may show: for a contract over without a seal (they declined or
 * rejected, it was canceled or expired, also for one who acted before that) and for a link handed
 * to someone else, only how it closed and who sent it, none of the document, its fields or the
 * other recipients; otherwise the document.
 */
export function pageStateOf(
  contract: { status: ContractStatus },
  state: SigningState,
): { closed: true; state: ClosedSigningState } | { closed: false; state: OpenSigningState } {
  if (
    state === 'declined' ||
    state === 'rejected' ||
    state === 'delegated' ||
    state === 'canceled' ||
    state === 'expired'
  )
    return { closed: true, state };
  if (contract.status === 'canceled' || contract.status === 'expired')
    return { closed: true, state: contract.status };
  return { closed: false, state };
}
