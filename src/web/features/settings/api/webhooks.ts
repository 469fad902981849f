import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, UpdateWebhookInput } from '../../../../shared/api/webhooks';
import { api } from '../../../lib/api';
import { settingsKeys } from '../../../lib/query-keys';

export const webhooksQuery = queryOptions({
  queryKey: settingsKeys.webhooks(),
  queryFn: () => api.webhooks.list().then((list) => list.items),
});

export const webhookDeliveriesQuery = (endpointId: string) =>
  infiniteQueryOptions({
    queryKey: settingsKeys.webhookDeliveries(endpointId),
    queryFn: ({ pageParam }) =>
      api.webhooks.deliveries({
        params: { id: endpointId },
        query: { limit: 10, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useWebhookChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: webhooksQuery.queryKey });
  return {
    create: useMutation({
      mutationFn: (input: CreateWebhookInput) => api.webhooks.create({ body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: UpdateWebhookInput & { id: string }) =>
        api.webhooks.update({ params: { id }, body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.webhooks.remove({ params: { id } }),
      onSuccess: refresh,
    }),
    reveal: useMutation({
      mutationFn: (id: string) => api.webhooks.secret({ params: { id } }),
    }),
    rotate: useMutation({
      mutationFn: (id: string) => api.webhooks.rotateSecret({ params: { id } }),
    }),
    resend: useMutation({
      mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
        api.webhooks.resend({ params: { id: endpointId, deliveryId } }),
      onSuccess: (_delivery, { endpointId }) =>
        client.invalidateQueries({ queryKey: webhookDeliveriesQuery(endpointId).queryKey }),
    }),
  };
}
