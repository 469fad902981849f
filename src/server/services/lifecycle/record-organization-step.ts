import type { EventData, EventType } from '../../../shared/events';
import type { Database } from '../../db/client';
import { type Notice, notify } from './notify';
import { recordEvent } from './record-event';

/** The steps that belong to an organization's own work, not to one contract. */
type OrganizationStep = Extract<EventType, 'bulk_send.finished'>;

/**
 * Records a step of the organization's own (a bulk send finished or stopped): its event, with
 * the consumers that follow it (webhooks), and a bell notice for whom it concerns, told once
 * per event. What `transition` is to a contract's steps, without a contract, a status or a history.
 */
export async function recordOrganizationStep<T extends OrganizationStep>(
  tx: Database,
  step: {
    organizationId: string;
    type: T;
    data: EventData<T>;
    at: Date;
    authorUserId: string | null;
    notice?: Pick<Notice, 'userIds' | 'kind' | 'message'>;
  },
): Promise<void> {
  const eventId = await recordEvent(tx, {
    organizationId: step.organizationId,
    contractId: null,
    type: step.type,
    data: step.data,
    at: step.at,
    authorUserId: step.authorUserId,
  });
  if (step.notice) await notify(tx, { ...step.notice, contractId: null, eventId, at: step.at });
}
