import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookSecret,
} from '../../../../shared/api/webhooks';
import { apiRequest, postJson } from '../../../lib/api-client';

export const webhooksQuery = queryOptions({
  queryKey: ['settings', 'webhooks'],
  queryFn: () => apiRequest<{ items: WebhookEndpoint[] }>('/webhooks').then((list) => list.items),
});

export const webhookDeliveriesQuery = (endpointId: string) =>
  infiniteQueryOptions({
    queryKey: ['settings', 'webhooks', endpointId, 'deliveries'],
    queryFn: ({ pageParam }) =>
      apiRequest<WebhookDeliveryPage>(
        `/webhooks/${endpointId}/deliveries?limit=10${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useWebhookChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: webhooksQuery.queryKey });
  return {
    create: useMutation({
      mutationFn: (input: CreateWebhookInput) => postJson<WebhookEndpoint>('/webhooks', input),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: UpdateWebhookInput & { id: string }) =>
        postJson<WebhookEndpoint>(`/webhooks/${id}`, input, 'PATCH'),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<void>(`/webhooks/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    reveal: useMutation({
      mutationFn: (id: string) => apiRequest<WebhookSecret>(`/webhooks/${id}/secret`),
    }),
    rotate: useMutation({
      mutationFn: (id: string) => apiRequest<WebhookSecret>(`/webhooks/${id}/secret`, { method: 'POST' }),
    }),
    resend: useMutation({
      mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
        apiRequest<WebhookDelivery>(`/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {
          method: 'POST',
        }),
      onSuccess: (_delivery, { endpointId }) =>
        client.invalidateQueries({ queryKey: webhookDeliveriesQuery(endpointId).queryKey }),
    }),
  };
}
