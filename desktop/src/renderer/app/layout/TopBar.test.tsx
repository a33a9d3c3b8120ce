// @vitest-environment happy-dom
import '../../test/dom';
import '../i18n/i18n';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, WhatsappDto } from '@balcao/shared';
import { useConnections } from '../../features/connections/connections.store';
import { useSession } from '../../lib/session';
import { TopBar } from './TopBar';

vi.mock('../../lib/socket', () => ({ getSocket: () => null, onReady: () => () => undefined, listen: () => () => undefined, listenLive: () => () => undefined, emit: () => undefined }));
vi.mock('../../features/announcements/announcements.api', () => ({ announcementsApi: { activePage: async () => ({ records: [], count: 0, hasMore: false }) } }));
configure({ asyncUtilTimeout: 8000 });

const signIn = (profile: SessionUserDto['profile']) =>
  useSession.setState({
    token: 't',
    status: 'authenticated',
    user: { id: 1, name: 'Ana', email: 'a@x.com', profile, super: false, allTicket: 'disabled', whatsappId: null, companyId: 1, queues: [], company: { id: 1, name: 'Loja', dueDate: '2030-01-31' } } as unknown as SessionUserDto,
  });
const Where = () => <div data-testid="where">{useLocation().pathname}</div>;
const renderBar = () =>
  render(
    <MemoryRouter initialEntries={['/tickets']}>
      <TopBar onToggleMenu={() => undefined} compact={false} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  useConnections.getState().reset();
});

describe('TopBar', { timeout: 60_000 }, () => {
  it('greets with user and company, shows the due date to admins, the bell and the volume', () => {
    signIn('admin');
    renderBar();
    expect(screen.getByTestId('greeting').textContent).toBe('Olá, Ana, seja bem-vindo a Loja');
    expect(screen.getByText('Ativo até 31/01/2030')).toBeTruthy();
    expect(screen.getByTestId('notifications-button')).toBeTruthy();
    expect(screen.getByTestId('volume-button')).toBeTruthy();
    expect(screen.getByTestId('announcements-button')).toBeTruthy();
    // The agent's own online / away toggle (issue 30 §1).
    expect(screen.getByTestId('presence-toggle').getAttribute('data-status')).toBe('online');
  });

  it('offers admins the Simulador only while a sandbox connection exists, one click away', () => {
    signIn('admin');
    useConnections.setState({ list: [{ id: 1, name: 'Zap', provider: 'baileys' } as WhatsappDto] });
    renderBar();
    expect(screen.queryByTestId('simulator-button')).toBeNull();
    cleanup();
    useConnections.setState({ list: [{ id: 2, name: 'Teste', provider: 'sandbox' } as WhatsappDto] });
    renderBar();
    fireEvent.click(screen.getByTestId('simulator-button'));
    expect(screen.getByTestId('where').textContent).toBe('/simulator');
  });

  it('never shows the Simulador or the due date to a regular user', () => {
    signIn('user');
    useConnections.setState({ list: [{ id: 2, name: 'Teste', provider: 'sandbox' } as WhatsappDto] });
    renderBar();
    expect(screen.queryByTestId('simulator-button')).toBeNull();
    expect(screen.queryByText(/Ativo até/)).toBeNull();
  });
});
