// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementDto, SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { announcementsApi } from './announcements.api';
import { useAnnouncements } from './announcements.store';
import { AnnouncementsPage } from './AnnouncementsPage';
import { RequireSuper, SUPER_DENIED_REDIRECT_MS } from './RequireSuper';

vi.mock('./announcements.api', () => ({
  announcementsApi: { page: vi.fn(), remove: vi.fn(async () => ({})), create: vi.fn(), update: vi.fn(), upload: vi.fn(), removeMedia: vi.fn() },
}));
vi.mock('../../lib/socket', () => ({ listenLive: () => () => undefined }));
const api = vi.mocked(announcementsApi);
configure({ asyncUtilTimeout: 8000 });

const ann = (id: number, title: string, extra: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id,
  title,
  text: 'Texto',
  priority: 3,
  status: true,
  mediaPath: '',
  mediaName: '',
  createdAt: `2030-01-0${id}T10:00:00.000Z`,
  updatedAt: `2030-01-0${id}T10:00:00.000Z`,
  ...extra,
});
const rows = () => screen.queryAllByTestId('announcement-row');
const signIn = (isSuper: boolean) =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, name: 'Dona', profile: 'admin', super: isSuper, companyId: 1, company: { id: 1, name: 'Balcão', dueDate: '2030-01-31' } } as unknown as SessionUserDto });

beforeEach(() => {
  useAnnouncements.getState().reset();
  signIn(true);
  api.page.mockResolvedValue({ records: [ann(2, 'Novidade', { priority: 1, mediaName: 'banner.png', mediaPath: 'x.png' }), ann(1, 'Rascunho', { status: false })], count: 2, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('AnnouncementsPage', { timeout: 60_000 }, () => {
  it('lists title, priority, file and status with the count', async () => {
    render(<AnnouncementsPage />);
    expect(screen.getByTestId('announcements-skeleton')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('announcements-count').textContent).toBe('(2)');
    expect(within(rows()[0]!).getByTestId('announcement-priority').textContent).toBe('Alta');
    expect(rows()[0]!.textContent).toContain('banner.png');
    expect(within(rows()[1]!).getByTestId('announcement-status').textContent).toBe('Inativo');
  });

  it("requires title and text ('Obrigatório'), then creates with priority 3 and active by default, and the picture", async () => {
    const created = ann(3, 'Manutenção');
    api.create.mockResolvedValue(created);
    api.upload.mockResolvedValue({ ...created, mediaName: 'aviso.png', mediaPath: 'y.png' });
    render(<AnnouncementsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('announcements-add'));
    fireEvent.click(await screen.findByTestId('announcement-save'));
    await waitFor(() => expect(screen.getAllByText('Obrigatório')).toHaveLength(2));
    expect(api.create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('announcement-title'), { target: { value: 'Manutenção' } });
    fireEvent.change(screen.getByTestId('announcement-text'), { target: { value: 'Sábado às 22h' } });
    const error = vi.spyOn(toast, 'error');
    fireEvent.change(screen.getByTestId('announcement-file'), { target: { files: [new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' })] } });
    expect(error).toHaveBeenCalledWith('Escolha uma imagem .png, .jpg ou .jpeg');
    const picture = new File(['png'], 'aviso.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('announcement-file'), { target: { files: [picture] } });
    expect(screen.getByTestId('announcement-attachment-name').textContent).toBe('aviso.png');
    fireEvent.click(screen.getByTestId('announcement-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ title: 'Manutenção', text: 'Sábado às 22h', priority: 3, status: true }));
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(3, picture));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]!.textContent).toContain('aviso.png');
  });

  it('deletes after the confirmation', async () => {
    render(<AnnouncementsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByTestId('announcement-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('announcement-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(1));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('RequireSuper', () => {
  const mount = () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <div data-testid="home">início</div> },
        { path: '/announcements', element: <RequireSuper><div data-testid="page">informativos</div></RequireSuper> },
      ],
      { initialEntries: ['/announcements'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it("shows the spec's toast to anyone but the super user and goes to / after 1 s", async () => {
    vi.useFakeTimers();
    const shown = vi.spyOn(toast, 'error');
    signIn(false);
    const router = mount();
    expect(screen.queryByTestId('page')).toBeNull();
    expect(shown).toHaveBeenCalledWith('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    await act(async () => vi.advanceTimersByTime(SUPER_DENIED_REDIRECT_MS - 50));
    expect(router.state.location.pathname).toBe('/announcements');
    await act(async () => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the page to the super user', () => {
    signIn(true);
    mount();
    expect(screen.getByTestId('page')).toBeTruthy();
  });
});
