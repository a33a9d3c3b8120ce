import type { SandboxInboundBody, SandboxOutboxItem, SandboxPresenceBody, SandboxSentItem, WhatsappDto } from '@balcao/shared';
import { http } from '../../lib/http';

export const simulatorApi = {
  sandboxConnections: async () => (await http.get<WhatsappDto[]>('/whatsapp')).filter((w) => w.provider === 'sandbox'),
  inbound: (whatsappId: number, body: SandboxInboundBody) =>
    http.post<{ id: string }>(`/sandbox/connections/${whatsappId}/inbound`, body),
  outbox: (whatsappId: number, to: string, signal?: AbortSignal) =>
    http.get<SandboxOutboxItem[]>(`/sandbox/connections/${whatsappId}/outbox`, { to }, signal),
  /** What the customer `to` sent: their side of the chat, kept by the server. */
  sent: (whatsappId: number, to: string, signal?: AbortSignal) =>
    http.get<SandboxSentItem[]>(`/sandbox/connections/${whatsappId}/sent`, { to }, signal),
  presence: (whatsappId: number, body: SandboxPresenceBody) =>
    http.post<{ ok: true }>(`/sandbox/connections/${whatsappId}/presence`, body),
};
