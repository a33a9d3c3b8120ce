// @vitest-environment happy-dom
import '../../app/i18n/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WhatsappAlertPayload } from '@balcao/shared';
import { bindToastApi, type Notice } from '../../lib/toast';
import { bindConnectionSocket } from './connections.socket';

const handlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  listen: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  },
}));
vi.mock('./connections.api', () => ({ connectionsApi: { show: vi.fn() } }));

const alert = (over: Partial<WhatsappAlertPayload>): WhatsappAlertPayload => ({
  whatsappId: 7,
  name: 'Loja Centro',
  kind: 'logged-out',
  code: 401,
  reason: 'logged out from the phone (401): scan a new QR code',
  status: 'DISCONNECTED',
  at: '2026-01-05T12:00:00.000Z',
  ...over,
});

describe('connection alerts', () => {
  afterEach(() => bindToastApi(null));

  it('a whatsappAlert becomes a notification that stays, in Portuguese, one per connection', () => {
    const notices: Notice[] = [];
    const noop = () => undefined;
    bindToastApi({ notify: (n) => notices.push(n), success: noop, error: noop, warning: noop, info: noop });
    const off = bindConnectionSocket();
    handlers.get('whatsappAlert')!({ action: 'create', alert: alert({}) });
    handlers.get('whatsappAlert')!({ action: 'create', alert: alert({ whatsappId: 8, name: 'Loja Sul', kind: 'pairing-expired', code: null }) });
    off();
    expect(notices).toEqual([
      {
        key: 'whatsapp-alert-7',
        type: 'error',
        title: 'Conexão Loja Centro precisa de atenção',
        description: 'O WhatsApp foi desconectado pelo celular. Leia um novo QR Code para reconectar.',
      },
      {
        key: 'whatsapp-alert-8',
        type: 'warning',
        title: 'Conexão Loja Sul precisa de atenção',
        description: 'O QR Code (ou o código de pareamento) expirou sem ser usado. Clique em “Novo QR Code” para tentar de novo.',
      },
    ]);
    expect(handlers.has('whatsappAlert')).toBe(false);
  });

  it('has a text for every alert kind in each language', async () => {
    const { whatsappAlertKinds } = await import('@balcao/shared');
    const { ptBR } = await import('../../app/i18n/ptBR');
    const { en } = await import('../../app/i18n/en');
    const { es } = await import('../../app/i18n/es');
    for (const cat of [ptBR, en, es]) for (const kind of whatsappAlertKinds) expect(cat.connections.alert[kind]).toMatch(/\S/);
  });
});
