import { z } from 'zod';
import { idSchema, noContentSchema } from '../api/common';
import { notificationListSchema } from '../api/notifications';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Notifications'];

export const notificationsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/notifications',
    tags,
    summary: 'The newest notifications and the unread count',
    response: { 200: notificationListSchema, ...resourceErrors },
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/notifications/read',
    tags,
    summary: 'Mark notifications read (all of them without ids)',
    body: z.object({ ids: z.array(idSchema).max(100).optional() }).default({}),
    response: { 204: noContentSchema, ...resourceErrors },
  }),
  stream: defineRoute({
    method: 'GET',
    path: '/notifications/stream',
    tags,
    summary: "Server-sent events: 'changed' whenever a notification arrives",
  }),
};
