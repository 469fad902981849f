import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * What a bell notice is about; the web app draws each with its own icon. The owner's notices of a
 * contract's steps are declared with the steps (server/services/lifecycle/steps.ts).
 */
export const notificationKinds = [
  'viewed',
  'signed',
  'turn_reached',
  'approved',
  'rejected',
  'witnessed',
  'delegated',
  'named',
  'corrected',
  'recipient_added',
  'recipient_removed',
  'declined',
  'completed',
  'expired',
  'mail_failed',
  'signer_locked',
  'suggested',
  'commented',
  'mentioned',
  'approval_requested',
  'approval_decided',
  'approval_withdrawn',
  'webhook_disabled',
  'bulk_send_finished',
  'deadline',
  'renewed',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z
  .object({
    id: idSchema,
    contractId: idSchema.nullable(),
    kind: notificationKindSchema,
    message: z.string(),
    read: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
