import type { EventType } from '../../../shared/events';
import { type NotificationKind, notifyOwner } from '../../services/notifications/notify-owner';
import { ownerHearsOf } from '../event-subscriptions';
import { eventConsumer } from '../job-definition';
import { eventOf } from './event-of';

type Data = Record<string, string | null>;

/** What the bell says about each event, and the kind the web app draws it with. */
const notices: Partial<
  Record<
    EventType,
    {
      kind: NotificationKind;
      text: (title: string, data: Data) => string;
    }
  >
> = {
  'contract.viewed': { kind: 'viewed', text: (title, data) => `${data.signerName} opened "${title}"` },
  'contract.signed': { kind: 'signed', text: (title, data) => `${data.signerName} signed "${title}"` },
  'contract.declined': { kind: 'declined', text: (title, data) => `${data.signerName} declined "${title}"` },
  'contract.completed': { kind: 'completed', text: (title) => `Everyone signed "${title}"` },
  'contract.expired': { kind: 'expired', text: (title) => `"${title}" expired` },
  'mail.failed': {
    kind: 'mail_failed',
    text: (_, data) => data.details ?? 'An e-mail could not be delivered',
  },
  'review.suggested': {
    kind: 'suggested',
    text: (title, data) => `${data.reviewerName} suggested changes to "${title}"`,
  },
  // Only the other side's comments are told (ownerHearsOf, beside the subscription).
  'comment.added': {
    kind: 'commented',
    text: (title, data) => `${data.authorName} (other side) commented on "${title}"`,
  },
  'signer.locked': {
    kind: 'signer_locked',
    text: (title, data) =>
      `${data.signerName} entered wrong codes for "${title}" and is locked out: send a reminder to let them try again`,
  },
};

/** The contract's owner hears of what happens to it, in the bell, dated when it happened. */
export const notifyOwnerOfEvent = eventConsumer('notify-owner', async ({ db }, { eventId }) => {
  const found = await eventOf(db, eventId);
  const notice = found && notices[found.event.type];
  // The subscription queues no job for an event the owner does not hear of; a job queued before
  // that rule existed is checked against it here.
  if (!found?.contract || !notice || !ownerHearsOf(found.event)) return;
  await notifyOwner(db, {
    contract: found.contract,
    kind: notice.kind,
    message: notice.text(found.contract.title, found.event.data),
    at: found.event.createdAt,
    eventId,
  });
});
