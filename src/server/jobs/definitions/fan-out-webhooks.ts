import { fanOutEvent } from '../../services/webhooks/fan-out-event';
import { eventConsumer } from '../job-definition';

/** Every event fans out to the organization's endpoints that want it: one delivery job each. */
export const fanOutWebhooks = eventConsumer('deliver-webhooks', async ({ db }, { event }) => {
  await fanOutEvent(db, event.id);
});
