import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxList } from '../../../../shared/api/mail';
import { apiRequest } from '../../../lib/api-client';

/** The organization's outgoing mail, newest first (admins only: others get FORBIDDEN). */
export const outboxQuery = queryOptions({
  queryKey: ['mail', 'outbox'],
  queryFn: () => apiRequest<OutboxList>('/mail/outbox'),
  // While a message is on its way (composed and delivered by the job runner) the page follows along.
  refetchInterval: (query) =>
    query.state.data?.items.some((message) => message.status === 'queued') ? 1000 : false,
});

export function useOutbox(enabled = true) {
  return useQuery({ ...outboxQuery, enabled });
}
