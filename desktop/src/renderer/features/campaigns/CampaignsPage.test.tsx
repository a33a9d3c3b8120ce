// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireChannels } from '@balcao/shared';
import { campaignsApi } from './campaigns.api';
import { campaign } from './campaigns.fixtures';
import { CampaignsPage } from './CampaignsPage';

vi.mock('./campaigns.api', () => ({
  campaignsApi: {
    list: vi.fn(),
    cancel: vi.fn(),
    restart: vi.fn(),
    remove: vi.fn(async () => ({ message: 'ok' })),
    options: vi.fn(async () => ({ whatsapps: [], contactLists: [], tags: [], fileLists: [] })),
    settings: vi.fn(async () => ({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] })),
  },
}));
const live: ((p: WireChannels['campaign']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_c: string, h: (p: WireChannels['campaign']) => void) => {
    live.push(h);
    return () => live.splice(live.indexOf(h), 1);
  },
}));
const api = vi.mocked(campaignsApi);
configure({ asyncUtilTimeout: 8000 });
const rows = () => screen.queryAllByTestId('campaign-row');
const page = () => render(<MemoryRouter><CampaignsPage /></MemoryRouter>);

beforeEach(() => {
  api.list.mockResolvedValue({
    records: [
      campaign({ id: 1, name: 'Sem nada' }),
      campaign({ id: 2, name: 'Rodando', status: 'EM_ANDAMENTO', whatsapp: { id: 5, name: 'Loja' }, contactList: { id: 3, name: 'Clientes' }, scheduledAt: '2026-11-25T13:00:00.000Z' }),
      campaign({ id: 3, name: 'Parada', status: 'CANCELADA' }),
    ],
    count: 3,
    hasMore: false,
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CampaignsPage', { timeout: 60_000 }, () => {
  it("shows a skeleton, then the spec's placeholders for what is not set", async () => {
    page();
    expect(screen.getByTestId('campaigns-skeleton')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const first = rows()[0]!.textContent!;
    for (const text of ['Sem nada', 'Inativa', 'Não definida', 'Não definido', 'Sem agendamento', 'Não concluída']) expect(first).toContain(text);
    expect(rows()[1]!.textContent).toContain('Clientes');
    expect(rows()[1]!.textContent).toContain('Em Andamento');
  });

  it('offers stop only while running and restart only when cancelled', async () => {
    page();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]!).queryByTestId('campaign-stop')).toBeNull();
    expect(within(rows()[0]!).queryByTestId('campaign-restart')).toBeNull();
    expect(within(rows()[1]!).getByTestId('campaign-stop')).toBeTruthy();
    expect(within(rows()[2]!).getByTestId('campaign-restart')).toBeTruthy();
    api.cancel.mockResolvedValueOnce(campaign({ id: 2, name: 'Rodando', status: 'CANCELADA' }));
    fireEvent.click(within(rows()[1]!).getByTestId('campaign-stop'));
    await waitFor(() => expect(rows()[1]!.getAttribute('data-status')).toBe('CANCELADA'));
    expect(api.cancel).toHaveBeenCalledWith(2);
  });

  it('says there are none when the list is empty', async () => {
    api.list.mockResolvedValueOnce({ records: [], count: 0, hasMore: false });
    page();
    expect(await screen.findByText('Nenhuma campanha cadastrada.')).toBeTruthy();
  });

  it('follows the live channel: a new campaign on top, an update in place, a delete out', async () => {
    page();
    await waitFor(() => expect(rows()).toHaveLength(3));
    act(() => live.forEach((h) => h({ action: 'create', record: campaign({ id: 9, name: 'Nova' }) })));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[0]!.textContent).toContain('Nova');
    act(() => live.forEach((h) => h({ action: 'update', record: campaign({ id: 1, name: 'Sem nada', status: 'FINALIZADA', completedAt: '2026-11-25T15:00:00.000Z' }) })));
    await waitFor(() => expect(screen.getByText('Finalizada')).toBeTruthy());
    act(() => live.forEach((h) => h({ action: 'delete', id: 3 })));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});
