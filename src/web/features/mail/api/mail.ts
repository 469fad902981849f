import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mailKeys } from '../../../lib/query-keys';

/** The organization's outgoing mail, newest first (admins only: others get FORBIDDEN). */
export const outboxQuery = queryOptions({
  queryKey: mailKeys.outbox,
  queryFn: () => api.mail.outbox(),
  // While a message is on its way (composed and delivered by the job runner) the page follows along.
  refetchInterval: (query) =>
    query.state.data?.items.some((message) => message.status === 'queued') ? 1000 : false,
});

export function useOutbox(enabled = true) {
  return useQuery({ ...outboxQuery, enabled });
}
