import type { JobDefinition } from '../job-definition';
import { approvalNotices } from './approval-notices';
import { attemptWebhookDelivery } from './attempt-webhook-delivery';
import { deadlineNotices } from './deadline-notices';
import { deliverMail } from './deliver-mail';
import { fanOutWebhooks } from './fan-out-webhooks';
import { mailCompletion } from './mail-completion';
import { mailOwner } from './mail-owner';
import { mailReviewers } from './mail-reviewers';
import { mailSigners } from './mail-signers';
import { notifyMentions } from './notify-mentions';
import { notifyOwner } from './notify-owner';
import { placeTaggedFields } from './place-tagged-fields';
import { readFileTextDefinition } from './read-file-text';
import { sealContract } from './seal-contract';
import { sendBulkRowDefinition } from './send-bulk-row';

/** Every kind of job the runner knows. Event consumers are named in services/lifecycle/event-consumers.ts. */
export const jobDefinitions: readonly JobDefinition[] = [
  deliverMail,
  notifyOwner,
  mailSigners,
  mailOwner,
  mailReviewers,
  sealContract,
  mailCompletion,
  fanOutWebhooks,
  approvalNotices,
  attemptWebhookDelivery,
  notifyMentions,
  placeTaggedFields,
  sendBulkRowDefinition,
  deadlineNotices,
  readFileTextDefinition,
] as JobDefinition[];
