import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

export const notificationSchema = z
  .object({
    id: idSchema,
    contractId: idSchema.nullable(),
    kind: z.string(),
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
