import type { DelegationRule } from '../../../shared/recipients';
import { roleOf } from '../../../shared/recipients';
import type { SignerRow } from '../../db/schema';

/** The rule a contract follows: its own when the sender set one, else its organization's. */
export const delegationRuleOf = (
  contract: { delegation: DelegationRule | null },
  organization: { delegation: DelegationRule },
): DelegationRule => contract.delegation ?? organization.delegation;

/**
 * Why this recipient may not hand their turn on under the rule, or null when they may: their role
 * must allow it (a signer's, an approver's), and under 'once' a delegate may not hand it on again.
 * Whether it is their turn is the signing state's to say.
 */
export function delegationRefusal(
  rule: DelegationRule,
  signer: Pick<SignerRow, 'role' | 'delegatedFrom'>,
): string | null {
  if (rule === 'off') return 'This contract does not allow handing it to someone else.';
  if (!roleOf(signer.role).mayDelegate) {
    return `A ${roleOf(signer.role).label.toLowerCase()} cannot hand their part to someone else.`;
  }
  if (rule === 'once' && signer.delegatedFrom !== null) {
    return 'This contract was handed to you by someone else, and may be handed on only once.';
  }
  return null;
}
