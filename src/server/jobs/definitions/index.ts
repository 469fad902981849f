import type { JobDefinition } from '../job-definition';
import { approvalNotices } from './approval-notices';
import { attemptWebhookDelivery } from './attempt-webhook-delivery';
import { deliverMail } from './deliver-mail';
import { deliverWebhooks } from './fan-out-webhooks';
import { mailCompletion } from './mail-completion';
import { mailOwner } from './mail-owner';
import { mailReviewers } from './mail-reviewers';
import { mailSigners } from './mail-signers';
import { notifyMentions } from './notify-mentions';
import { notifyOwnerOfEvent } from './notify-owner';
import { placeTaggedFieldsOfFile } from './place-tagged-fields';
import { sealCompletedContract } from './seal-contract';

/** Every kind of job the runner knows. Event consumers are named in services/lifecycle/event-consumers.ts. */
export const jobDefinitions: readonly JobDefinition[] = [
  deliverMail,
  notifyOwnerOfEvent,
  mailSigners,
  mailOwner,
  mailReviewers,
  sealCompletedContract,
  mailCompletion,
  deliverWebhooks,
  approvalNotices,
  attemptWebhookDelivery,
  notifyMentions,
  placeTaggedFieldsOfFile,
] as JobDefinition[];
