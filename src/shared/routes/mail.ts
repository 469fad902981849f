import { outboxListSchema } from '../api/mail';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

export const mailApi = {
  outbox: defineRoute({
    method: 'GET',
    path: '/mail/outbox',
    tags: ['Mail'],
    summary: "The organization's outgoing mail (admins signed in; API tokens get 403)",
    response: { 200: outboxListSchema, 403: resourceErrors[401], ...resourceErrors },
  }),
};
