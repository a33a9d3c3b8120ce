// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireChannels } from '@balcao/shared';
import { campaignsApi } from './campaigns.api';
import { campaign, report } from './campaigns.fixtures';
import { CampaignReportPage, REPORT_RELOAD_MS } from './CampaignReportPage';

vi.mock('./campaigns.api', () => ({ campaignsApi: { show: vi.fn() } }));
const live: ((p: WireChannels['campaign']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_c: string, h: (p: WireChannels['campaign']) => void) => {
    live.push(h);
    return () => live.splice(live.indexOf(h), 1);
  },
}));
const api = vi.mocked(campaignsApi);
configure({ asyncUtilTimeout: 8000 });
const page = () =>
  render(
    <MemoryRouter initialEntries={['/campaign/7/report']}>
      <Routes>
        <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
      </Routes>
    </MemoryRouter>,
  );
const card = (key: string) => screen.getByTestId(`campaign-card-${key}`).textContent;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('CampaignReportPage', { timeout: 60_000 }, () => {
  it('shows the progress and every card, and follows the live channel', async () => {
    api.show.mockResolvedValue(campaign({ id: 7, status: 'EM_ANDAMENTO', confirmation: true, report: report({ planned: 10, done: 5, delivered: 3, skippedOptOut: 1, held: 2, holds: { rate: 2 } }) }));
    page();
    expect(screen.getByTestId('campaign-report-skeleton')).toBeTruthy();
    await screen.findByTestId('campaign-report');
    expect(screen.getByTestId('campaign-progress').textContent).toContain('50%');
    expect(card('planned')).toContain('10');
    expect(card('skippedOptOut')).toContain('1');
    expect(card('held')).toContain('limite de velocidade: 2');
    expect(screen.getByTestId('campaign-card-confirmed')).toBeTruthy();
    act(() => live.forEach((h) => h({ action: 'update', record: campaign({ id: 7, status: 'EM_ANDAMENTO', confirmation: true, report: report({ planned: 10, done: 8, delivered: 7 }) }) })));
    await waitFor(() => expect(screen.getByTestId('campaign-progress').textContent).toContain('80%'));
    expect(card('delivered')).toContain('7');
    // Another campaign's update is not this report's.
    act(() => live.forEach((h) => h({ action: 'update', record: campaign({ id: 8, report: report({ planned: 99, done: 99 }) }) })));
    expect(card('planned')).toContain('10');
  });

  it('reloads 5 s after FINALIZADA arrives (administration.md §4)', async () => {
    api.show.mockResolvedValue(campaign({ id: 7, status: 'EM_ANDAMENTO', report: report({ planned: 2, done: 1 }) }));
    page();
    await screen.findByTestId('campaign-report');
    expect(api.show).toHaveBeenCalledTimes(1);
    vi.useFakeTimers();
    api.show.mockResolvedValue(campaign({ id: 7, status: 'FINALIZADA', report: report({ planned: 2, done: 2, read: 2 }) }));
    act(() => live.forEach((h) => h({ action: 'update', record: campaign({ id: 7, status: 'FINALIZADA', report: report({ planned: 2, done: 2 }) }) })));
    act(() => vi.advanceTimersByTime(REPORT_RELOAD_MS - 100));
    expect(api.show).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(200));
    expect(api.show).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await waitFor(() => expect(card('read')).toContain('2'));
    expect(screen.getByTestId('campaign-report-status').getAttribute('data-status')).toBe('FINALIZADA');
  });

  it('labels a tag audience as a tag, and keeps held-now apart from held-and-released', async () => {
    api.show.mockResolvedValue(
      campaign({ id: 7, status: 'FINALIZADA', contactList: null, contactListId: null, tag: { id: 3, name: 'VIP' }, tagListId: 3, report: report({ planned: 2, done: 2, held: 0, holds: {}, delayed: 1, delays: { rate: 1 } }) }),
    );
    page();
    await screen.findByTestId('campaign-report');
    const audience = screen.getByTestId('campaign-report-audience').textContent ?? '';
    expect(audience).toContain('Tag');
    expect(audience).toContain('#VIP');
    expect(audience).not.toContain('Lista de Contatos');
    expect(card('held')).toBe('Retidos agora pelo controle de envio0');
    expect(card('delayed')).toContain('1');
    expect(card('delayed')).toContain('limite de velocidade: 1');
  });

  it('says when the campaign does not exist', async () => {
    api.show.mockRejectedValue(new Error('404'));
    page();
    expect(await screen.findByTestId('campaign-report-missing')).toBeTruthy();
  });
});
