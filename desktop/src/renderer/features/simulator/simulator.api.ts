import type { SandboxInboundBody, SandboxOutboxItem, WhatsappDto } from '@balcao/shared';
import { http } from '../../lib/http';

export const simulatorApi = {
  sandboxConnections: async () => (await http.get<WhatsappDto[]>('/whatsapp')).filter((w) => w.provider === 'sandbox'),
  inbound: (whatsappId: number, body: SandboxInboundBody) =>
    http.post<{ id: string }>(`/sandbox/connections/${whatsappId}/inbound`, body),
  outbox: (whatsappId: number, to: string, signal?: AbortSignal) =>
    http.get<SandboxOutboxItem[]>(`/sandbox/connections/${whatsappId}/outbox`, { to }, signal),
};
