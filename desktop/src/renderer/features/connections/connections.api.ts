import type { ApiTokenResponse, CloudTestResponse, CreateWhatsappBody, ListPromptsResponse, ListQueueIntegrationsResponse, QueueDto, StartSessionBody, UpdateWhatsappBody, WhatsappDto, WhatsappHealthDto } from '@balcao/shared';
import { allPages } from '../../lib/all-pages';
import { http } from '../../lib/http';

export type ConnectionForm = Partial<CreateWhatsappBody> & UpdateWhatsappBody;

export const connectionsApi = {
  /**
   * What a connection may hand its conversations to (a queue's wins over it): the company's queue
   * integrations and AI prompts, every page; each list is gated by its plan flag, so a 403 means "none offered".
   */
  integrations: () => allPages((pageNumber) => http.get<ListQueueIntegrationsResponse>('/queueIntegration/', { pageNumber }), (r) => r.queueIntegrations),
  prompts: () => allPages((pageNumber) => http.get<ListPromptsResponse>('/prompt', { pageNumber }), (r) => r.prompts),
  list: () => http.get<WhatsappDto[]>('/whatsapp', { session: 0 }),
  show: (id: number) => http.get<WhatsappDto>(`/whatsapp/${id}`),
  create: (body: ConnectionForm) => http.post<WhatsappDto>('/whatsapp', body),
  update: (id: number, body: ConnectionForm) => http.put<WhatsappDto>(`/whatsapp/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/whatsapp/${id}`),
  /** A new QR code (start the session); with `phoneNumber`, a pairing code for that phone. */
  startSession: (id: number, body?: StartSessionBody) => http.post<WhatsappDto>(`/whatsappsession/${id}`, body),
  /** Try again (restart the session). */
  retrySession: (id: number) => http.put<WhatsappDto>(`/whatsappsession/${id}`),
  disconnect: (id: number) => http.delete<WhatsappDto>(`/whatsappsession/${id}`),
  restartAll: () => http.post<unknown>('/whatsapp-restart'),
  queues: () => http.get<QueueDto[]>('/queue'),
  /** A Cloud API connection (issue 29): does its stored token read the number? Meta's facts or refusal. */
  testCloud: (id: number) => http.post<CloudTestResponse>(`/whatsapp/${id}/test`),
  /** A new external API token for the connection (the old one stops working); shown only in this answer. */
  rotateToken: (id: number) => http.post<ApiTokenResponse>(`/whatsapp/${id}/token`),
};

/** Number health (issue 13 §6): a connection's day at the send gate. */
export const healthApi = {
  today: (id: number) => http.get<WhatsappHealthDto>(`/whatsapp/${id}/health`),
};
