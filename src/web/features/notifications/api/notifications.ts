import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification } from '../../../../shared/api/notifications';
import { api } from '../../../lib/api';
import { contractKeys, notificationKeys } from '../../../lib/query-keys';

/** The newest notifications of the signed-in user and how many are unread. */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: () => api.notifications.list(),
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}

/**
 * Marks the given notifications read, or all of them without ids. The badge clears at once
 * (optimistically); the list is fetched again afterwards.
 */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  const { queryKey } = notificationsQuery;
  return useMutation({
    mutationFn: (ids?: string[]) => api.notifications.markRead({ body: ids ? { ids } : {} }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey });
      client.setQueryData(queryKey, (list) => {
        if (!list) return list;
        const marks = (id: string) => !ids || ids.includes(id);
        const marked = list.items.filter((item) => !item.read && marks(item.id)).length;
        return {
          items: list.items.map((item) => (marks(item.id) ? { ...item, read: true } : item)),
          unread: ids ? Math.max(0, list.unread - marked) : 0,
        };
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
}

/**
 * What a new notification of each kind makes stale on a contract's page, so an open page shows
 * the other side's comment or suggestion when the bell rings, not at the next reload.
 */
const staleAfter: Record<string, (contractId: string) => readonly unknown[]> = {
  commented: contractKeys.comments,
  mentioned: contractKeys.comments,
  suggested: contractKeys.suggestions,
};

/**
 * Follows the server's live stream while mounted (that is, while signed in): each 'changed'
 * event, and each reconnection after a lost connection, refetches the notifications, and what
 * the new ones are about.
 */
export function useNotificationStream() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(api.notifications.stream.url());
    const known = new Set(client.getQueryData(notificationsQuery.queryKey)?.items.map((item) => item.id));
    const refresh = async () => {
      await client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      const items: Notification[] = client.getQueryData(notificationsQuery.queryKey)?.items ?? [];
      for (const item of items) {
        if (known.has(item.id)) continue;
        known.add(item.id);
        const key = item.contractId ? staleAfter[item.kind]?.(item.contractId) : undefined;
        if (key) void client.invalidateQueries({ queryKey: key });
      }
    };
    let connected = false;
    // Something may have arrived while the connection was down.
    const onOpen = () => {
      if (connected) void refresh();
      connected = true;
    };
    source.addEventListener('changed', refresh);
    source.addEventListener('open', onOpen);
    return () => {
      source.removeEventListener('changed', refresh);
      source.removeEventListener('open', onOpen);
      source.close();
    };
  }, [client]);
}
