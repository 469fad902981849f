export const contractStatuses = ['draft', 'sent', 'signed', 'expired', 'canceled'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/**
 * A recipient's status: pending until they open the document, then viewed; then what they did
 * (signed, approved, declined, rejected), or delegated when they handed their turn to someone.
 */
export const signerStatuses = [
  'pending',
  'viewed',
  'signed',
  'approved',
  'declined',
  'rejected',
  'delegated',
] as const;
export type SignerStatus = (typeof signerStatuses)[number];

/**
 * The moves a contract may make; anything else is refused. A draft is deleted, never canceled:
 * only a sent contract has signers to tell and a trail to keep.
 */
const contractTransitions: Record<ContractStatus, readonly ContractStatus[]> = {
  draft: ['sent'],
  sent: ['signed', 'expired', 'canceled'],
  signed: [],
  expired: [],
  canceled: [],
};

export function canTransition(from: ContractStatus, to: ContractStatus): boolean {
  return contractTransitions[from].includes(to);
}

/** Why a move is refused, in words for the person who asked for it. */
export function transitionRefusal(
  from: ContractStatus,
  to: ContractStatus,
): { code: 'CONTRACT_NOT_SENDABLE' | 'CONTRACT_NOT_OPEN'; message: string } {
  if (to === 'sent') {
    return { code: 'CONTRACT_NOT_SENDABLE', message: `This contract is ${from}; only a draft can be sent` };
  }
  const wanted = { draft: 'a draft', signed: 'signed', expired: 'expired', canceled: 'canceled' }[to];
  return {
    code: 'CONTRACT_NOT_OPEN',
    message: `This contract is ${from}; only a sent contract can be ${to === 'draft' ? 'made a draft' : wanted}`,
  };
}

/** Only a draft can be edited; every other status shows the editor read-only. */
export function isEditable(status: ContractStatus): boolean {
  return status === 'draft';
}

/** Only a draft can be deleted; a sent contract is canceled instead, so its trail survives. */
export function isDeletable(status: ContractStatus): boolean {
  return status === 'draft';
}

const contractStatusLabels: Record<ContractStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  signed: 'Signed',
  expired: 'Expired',
  canceled: 'Canceled',
};

export function isContractStatus(value: string): value is ContractStatus {
  return (contractStatuses as readonly string[]).includes(value);
}

export function contractStatusLabel(status: string): string {
  return isContractStatus(status) ? contractStatusLabels[status] : 'Unknown';
}

export type StatusCounts = { draft: number; sent: number; signed: number; expired: number };

/** The four count cards: canceled contracts are counted with the expired ones. */
export function countCardOf(status: ContractStatus): keyof StatusCounts {
  return status === 'canceled' ? 'expired' : status;
}

export function tallyStatusCounts(rows: readonly { status: ContractStatus; count: number }[]): StatusCounts {
  const counts: StatusCounts = { draft: 0, sent: 0, signed: 0, expired: 0 };
  for (const row of rows) counts[countCardOf(row.status)] += row.count;
  return counts;
}
