import { z } from 'zod';
import { idParamsSchema, noContentSchema } from '../api/common';
import {
  calendarFeedSchema,
  deadlineListSchema,
  deadlinePreferencesSchema,
  deadlineSummarySchema,
  listDeadlinesQuerySchema,
  updateDeadlinePreferencesBodySchema,
  watchingSchema,
} from '../api/deadlines';
import { errorBodySchema } from '../api/error-body';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Deadlines'];

export const deadlinesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/deadlines',
    tags,
    summary: 'Deadlines (notice deadlines, end dates, date terms) between two days, nearest first',
    query: listDeadlinesQuerySchema,
    response: { 200: deadlineListSchema, ...resourceErrors },
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/deadlines/summary',
    tags,
    summary: 'How many deadlines fall in the next 30, 60 and 90 days, and the nearest',
    response: { 200: deadlineSummarySchema, ...resourceErrors },
  }),
  preferences: defineRoute({
    method: 'GET',
    path: '/profile/deadline-reminders',
    tags,
    summary: 'When I am reminded of deadlines, and whether I have a calendar feed',
    response: { 200: deadlinePreferencesSchema, ...resourceErrors },
  }),
  updatePreferences: defineRoute({
    method: 'PUT',
    path: '/profile/deadline-reminders',
    tags,
    summary: 'Set my lead times (days before each deadline) and whether I take a daily digest',
    body: updateDeadlinePreferencesBodySchema,
    response: { 200: deadlinePreferencesSchema, ...resourceErrors },
  }),
  makeFeed: defineRoute({
    method: 'POST',
    path: '/profile/calendar-feed',
    tags,
    summary: 'Make a new secret calendar feed address (the one before stops working); shown only now',
    response: { 201: calendarFeedSchema, ...resourceErrors },
  }),
  revokeFeed: defineRoute({
    method: 'DELETE',
    path: '/profile/calendar-feed',
    tags,
    summary: 'Turn my calendar feed off',
    response: { 204: noContentSchema, ...resourceErrors },
  }),
  feed: defineRoute({
    method: 'GET',
    path: '/calendar-feeds/:file',
    tags,
    summary:
      'A calendar feed (iCalendar) of the deadlines of the contracts its owner owns or watches, at its secret address',
    params: z.object({ file: z.string().max(100) }),
    response: { 404: errorBodySchema },
  }),
  watching: defineRoute({
    method: 'GET',
    path: '/contracts/:id/watch',
    tags,
    summary: 'Whether I watch a contract (hear of its deadlines)',
    params: idParamsSchema,
    response: { 200: watchingSchema, ...resourceErrors },
  }),
  watch: defineRoute({
    method: 'PUT',
    path: '/contracts/:id/watch',
    tags,
    summary: 'Watch a contract, or stop watching it',
    params: idParamsSchema,
    body: watchingSchema,
    response: { 200: watchingSchema, ...resourceErrors },
  }),
};
