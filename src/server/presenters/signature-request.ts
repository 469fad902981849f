import type { SignatureRequest } from '../../shared/api/signatures';
import type { ContractRow, SignerRow } from '../db/schema';

const latest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/** One signer of a sent contract, as the Signatures page lists them. */
export function presentSignatureRequest(
  signer: SignerRow,
  contract: ContractRow,
  canRemind: boolean,
): SignatureRequest {
  return {
    signerId: signer.id,
    name: signer.name,
    email: signer.email,
    role: signer.role,
    status: signer.status,
    contract: { id: contract.id, title: contract.title, status: contract.status },
    sentAt: contract.sentAt?.toISOString() ?? null,
    lastActivityAt:
      latest(
        signer.invitedAt,
        signer.viewedAt,
        signer.lastRemindedAt,
        signer.signedAt,
        signer.approvedAt,
        signer.declinedAt,
        signer.delegatedAt,
      )?.toISOString() ?? null,
    canRemind,
  };
}
