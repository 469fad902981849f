import { describe, expect, it } from 'vitest';
import {
  canTransition,
  contractStatuses,
  contractStatusLabel,
  isDeletable,
  isEditable,
  tallyStatusCounts,
} from '../../src/shared/statuses';

describe('contract status rules', () => {
  it('allows exactly the product transitions', () => {
    const allowed = contractStatuses.flatMap((from) =>
      contractStatuses.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(['draft->sent', 'sent->signed', 'sent->expired', 'sent->canceled'].sort());
  });

  it('lets only drafts be edited or deleted', () => {
    expect(contractStatuses.filter(isEditable)).toEqual(['draft']);
    expect(contractStatuses.filter(isDeletable)).toEqual(['draft']);
  });

  it("labels known statuses and shows 'Unknown' for anything else", () => {
    expect(contractStatusLabel('sent')).toBe('Sent');
    expect(contractStatusLabel('archived')).toBe('Unknown');
    expect(contractStatusLabel('toString')).toBe('Unknown');
  });

  it('counts canceled contracts in the Expired card', () => {
    expect(
      tallyStatusCounts([
        { status: 'draft', count: 2 },
        { status: 'expired', count: 1 },
        { status: 'canceled', count: 3 },
        { status: 'signed', count: 4 },
      ]),
    ).toEqual({ draft: 2, sent: 0, signed: 4, expired: 4 });
  });
});
