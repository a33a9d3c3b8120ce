// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WhatsappHealthDto } from '@balcao/shared';
import { makeConnection } from './connections.fixtures';
import { useConnections } from './connections.store';
import { ConnectionsPage } from './ConnectionsPage';
import { connectionsApi, healthApi } from './connections.api';

vi.mock('./connections.api', () => ({
  connectionsApi: {
    list: vi.fn(),
    queues: vi.fn(async () => []),
    integrations: vi.fn(async () => []),
    prompts: vi.fn(async () => []),
    create: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(async () => ({})),
    startSession: vi.fn(),
    retrySession: vi.fn(),
    disconnect: vi.fn(),
    restartAll: vi.fn(async () => ({})),
  },
  healthApi: { today: vi.fn() },
}));
const api = vi.mocked(connectionsApi);
// antd renders slowly in jsdom; a loaded test run must not turn that into a failure.
configure({ asyncUtilTimeout: 8000 });

const list = [
  makeConnection({ id: 1, name: 'Conectada', status: 'CONNECTED', number: '5511999990000@c.us', updatedAt: new Date(2025, 2, 9, 7, 5).toISOString() }),
  makeConnection({ id: 2, name: 'Caiu', status: 'DISCONNECTED', isDefault: false }),
  makeConnection({ id: 3, name: 'Lendo QR', status: 'qrcode', qrcode: 'QR-XYZ-123', isDefault: false }),
  makeConnection({ id: 4, name: 'Abrindo', status: 'OPENING', isDefault: false }),
];
/** The same rows with a Cloud number Meta rated (decision 0450) in the fourth place. */
const withCloud = () => [
  ...list.slice(0, 3),
  makeConnection({
    id: 4,
    name: 'Oficial',
    provider: 'cloud',
    isDefault: false,
    cloud: { phoneNumberId: '106540352242922', wabaId: '102290129340398', accessTokenSet: true, appSecretSet: true, verifyTokenSet: true, qualityRating: 'YELLOW', messagingLimit: 'TIER_10K', checkedAt: '2025-03-10T12:00:00.000Z' },
  }),
];
const row = (id: number) => screen.getAllByTestId('connection-row').find((r) => r.getAttribute('data-connection-id') === String(id))!;

const health = (id: number, over: Partial<WhatsappHealthDto> = {}): WhatsappHealthDto => ({
  whatsappId: id,
  day: '2025-03-10',
  sent: 0,
  held: { rate: 0, 'daily-cap': 0, 'warm-up': 0, 'opt-out': 0 },
  lastSentAt: null,
  ratePerMinute: 20,
  dailyCap: 1000,
  jitterMs: 2000,
  warmupDays: 7,
  pairedAt: null,
  warmupDay: null,
  effectiveCap: 1000,
  ...over,
});

beforeEach(() => {
  useConnections.getState().reset();
  api.list.mockResolvedValue(list);
  vi.mocked(healthApi).today.mockImplementation(async (id) =>
    id === 1 ? health(1, { sent: 42, held: { rate: 3, 'daily-cap': 0, 'warm-up': 5, 'opt-out': 1 }, warmupDay: 2, effectiveCap: 285, pairedAt: '2025-03-09T10:00:00.000Z' }) : health(id),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderPage = async () => {
  render(<ConnectionsPage />);
  await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(4));
};

describe('ConnectionsPage', { timeout: 60_000 }, () => {
  it('lists connections with number, date, default flag and status', async () => {
    await renderPage();
    expect(screen.getByTestId('connections-table')).toBeTruthy();
    const first = row(1);
    expect(first.getAttribute('data-status')).toBe('CONNECTED');
    expect(first.textContent).toContain('+55 (11) 99999-0000');
    expect(first.textContent).toContain('09/03/25 07:05');
    expect(within(first).queryByTestId('conn-default')).toBeTruthy();
    expect(within(row(2)).queryByTestId('conn-default')).toBeNull();
  });

  it("shows each connection's sends today and, on click, what the gate held back and why", async () => {
    await renderPage();
    await waitFor(() => expect(within(row(1)).getByTestId('conn-health-sent').textContent).toBe('42'));
    expect(within(row(2)).getByTestId('conn-health-sent').textContent).toBe('0');
    fireEvent.click(within(row(1)).getByTestId('conn-health'));
    const details = await screen.findByTestId('conn-health-details');
    expect(details.textContent).toContain('Hoje: 42 de 285 enviadas');
    expect(details.textContent).toContain('Aquecimento: dia 2 de 7');
    expect(within(details).getAllByTestId('conn-health-held').map((h) => [h.getAttribute('data-reason'), h.textContent])).toEqual([
      ['rate', 'Ritmo por minuto: 3'],
      ['warm-up', 'Aquecimento: 5'],
      ['opt-out', 'Descadastrados: 1'],
    ]);
  });

  it("tags a Cloud number with Meta's quality rating and messaging limit; nothing on the others", async () => {
    api.list.mockResolvedValue(withCloud());
    await renderPage();
    const tag = within(row(4)).getByTestId('cloud-quality');
    expect([tag.textContent, tag.getAttribute('data-quality')]).toEqual(['Qualidade média · 10.000 clientes/24 h', 'YELLOW']);
    expect(tag.closest('td')!.textContent).toContain('CONNECTED');
    for (const id of [1, 2, 3]) expect(within(row(id)).queryByTestId('cloud-quality')).toBeNull();
  });

  it('shows the actions of each status and calls the session routes', async () => {
    await renderPage();
    api.disconnect.mockResolvedValue({ ...list[0]!, status: 'DISCONNECTED' });
    api.retrySession.mockResolvedValue({ ...list[1]!, status: 'OPENING' });
    api.startSession.mockResolvedValue({ ...list[1]!, status: 'qrcode', qrcode: 'abc' });

    expect(within(row(4)).getByTestId('conn-connecting').hasAttribute('disabled')).toBe(true);
    expect(within(row(3)).getByTestId('conn-qr')).toBeTruthy();
    expect(within(row(3)).queryByTestId('conn-disconnect')).toBeNull();
    // Exactly the buttons of the status table, per row.
    const shown = (id: number) => [...within(row(id)).getByTestId('conn-actions').querySelectorAll('button')].map((b) => b.getAttribute('data-testid'));
    expect(shown(1)).toEqual(['conn-disconnect']);
    expect(shown(2)).toEqual(['conn-retry', 'conn-newqr']);
    expect(shown(3)).toEqual(['conn-qr']);
    expect(shown(4)).toEqual(['conn-connecting']);

    fireEvent.click(within(row(2)).getByTestId('conn-newqr'));
    await waitFor(() => expect(api.startSession).toHaveBeenCalledWith(2));
    await waitFor(() => expect(row(2).getAttribute('data-status')).toBe('qrcode'));

    // Disconnecting asks first.
    fireEvent.click(within(row(1)).getByTestId('conn-disconnect'));
    expect(await screen.findByText('Desconectar Conectada?')).toBeTruthy();
    expect(api.disconnect).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('conn-disconnect-confirm'));
    await waitFor(() => expect(api.disconnect).toHaveBeenCalledWith(1));
    await waitFor(() => expect(row(1).getAttribute('data-status')).toBe('DISCONNECTED'));

    fireEvent.click(within(row(1)).getByTestId('conn-retry'));
    await waitFor(() => expect(api.retrySession).toHaveBeenCalledWith(1));
  });

  it('opens the QR dialog and closes it when the QR becomes empty', async () => {
    await renderPage();
    fireEvent.click(within(row(3)).getByTestId('conn-qr'));
    await waitFor(() => expect(screen.getByTestId('qr-text').textContent).toContain('QR-XYZ-123'));
    act(() => useConnections.getState().session({ id: 3, name: 'Lendo QR', status: 'qrcode', qrcode: 'QR-NEW', retries: 1, updatedAt: new Date().toISOString() }));
    await waitFor(() => expect(screen.getByTestId('qr-text').textContent).toContain('QR-NEW'));
    act(() => useConnections.getState().session({ id: 3, name: 'Lendo QR', status: 'CONNECTED', qrcode: '', retries: 0, updatedAt: new Date().toISOString() }));
    await waitFor(() => expect(screen.queryByTestId('qr-text')).toBeNull());
    expect(row(3).getAttribute('data-status')).toBe('CONNECTED');
  });

  it('deletes after confirmation only', async () => {
    await renderPage();
    fireEvent.click(within(row(2)).getByTestId('conn-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('conn-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(3));
  });
});

describe('ConnectionsPage on a narrow screen (issue 10 item 9)', { timeout: 60_000 }, () => {
  const wide = window.matchMedia;
  beforeEach(() => {
    // A 390 px screen: every max-width query up to 575 px matches.
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: /max-width:\s*(5[0-7]\d|[1-4]\d\d)px/.test(query) })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it('keeps name, session and actions; the number, default mark and status go under the name; the buttons under the title', async () => {
    await renderPage();
    const headers = [...screen.getByTestId('connections-table').querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Nome', 'Sessão', 'Ações']);
    expect(row(1).querySelector('td')!.textContent).toContain('CONNECTED');
    const first = row(1);
    const nameCell = first.querySelector('td')!;
    expect(nameCell.textContent).toContain('Conectada');
    expect(within(nameCell).getByTestId('conn-number').textContent).toBe('+55 (11) 99999-0000');
    expect(within(nameCell).queryByTestId('conn-default')).toBeTruthy();
    expect(first.textContent).not.toContain('09/03/25 07:05');
    expect(screen.getByTestId('add-connection').closest('.ant-card-extra')).toBeNull();
  });

  it("keeps a Cloud number's quality tag under its name", async () => {
    api.list.mockResolvedValue(withCloud());
    await renderPage();
    expect(within(row(4).querySelector('td')!).getByTestId('cloud-quality').textContent).toBe('Qualidade média · 10.000 clientes/24 h');
  });
});
