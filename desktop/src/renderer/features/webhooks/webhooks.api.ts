import type {
  CreateWebhookBody,
  ListWebhookDeliveriesResponse,
  ListWebhooksResponse,
  UpdateWebhookBody,
  WebhookDeliveryDto,
  WebhookDto,
  WebhookSecretResponse,
} from '@balcao/shared';
import { http } from '../../lib/http';

/** Issue 15 §5: the company's signed outbound webhooks (admins; plan useExternalApi). */
export const webhooksApi = {
  list: () => http.get<ListWebhooksResponse>('/webhooks'),
  create: (body: CreateWebhookBody) => http.post<WebhookSecretResponse>('/webhooks', body),
  update: (id: number, body: UpdateWebhookBody) => http.put<WebhookDto>(`/webhooks/${id}`, body),
  remove: (id: number) => http.delete<{ ok: true }>(`/webhooks/${id}`),
  rotate: (id: number) => http.post<WebhookSecretResponse>(`/webhooks/${id}/secret`),
  test: (id: number) => http.post<WebhookDeliveryDto>(`/webhooks/${id}/test`),
  deliveries: (id: number, pageNumber: number) => http.get<ListWebhookDeliveriesResponse>(`/webhooks/${id}/deliveries`, { pageNumber }),
  replay: (id: number, deliveryId: number) => http.post<WebhookDeliveryDto>(`/webhooks/${id}/deliveries/${deliveryId}/replay`),
};
