import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import type { ContractRow } from '../../db/schema';
import { approvalRefusal, approvalSlots } from './approval-state';

/**
 * Refuses to send a contract a rule covers until everyone the rules name has approved its current
 * title and content (409 APPROVAL_REQUIRED naming who has not). Called in the send's transaction,
 * with the contract row locked, so nothing changes between the check and the send.
 */
export async function checkApproved(
  tx: Database,
  contract: Pick<ContractRow, 'id' | 'organizationId' | 'projectId' | 'isTemplate' | 'status'>,
): Promise<void> {
  const refusal = approvalRefusal(await approvalSlots(tx, contract));
  if (refusal) throw new AppError('APPROVAL_REQUIRED', refusal);
}
