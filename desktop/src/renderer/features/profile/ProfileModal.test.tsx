// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, UserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { profileApi } from './profile.api';
import { ProfileModal } from './ProfileModal';

vi.mock('./profile.api', () => ({
  profileApi: { get: vi.fn(), save: vi.fn(), queues: vi.fn(), connections: vi.fn() },
}));
// The two-factor line (TwoFactorSection.test.tsx has its flows): off, for every user.
vi.mock('../auth/auth.api', () => ({
  authApi: { login: vi.fn(), logout: vi.fn() },
  twoFactorApi: { status: vi.fn(async () => ({ enabled: false, recoveryCodesLeft: 0, required: false })), setup: vi.fn(), enable: vi.fn(), disable: vi.fn(), verify: vi.fn() },
}));
vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
const api = vi.mocked(profileApi);
configure({ asyncUtilTimeout: 8000 });

const base: UserDto = {
  id: 7,
  name: 'Ana',
  email: 'ana@example.com',
  profile: 'user',
  super: false,
  allTicket: 'disabled',
  whatsappId: null,
  companyId: 1,
  queues: [{ id: 5, name: 'Vendas', color: '#00ff00' }],
} as UserDto;
const signIn = (user: UserDto) =>
  useSession.setState({ user: { ...user, company: { id: 1, name: 'Empresa', dueDate: '2999-12-31' } } as unknown as SessionUserDto, token: 't', status: 'authenticated' });

beforeEach(() => {
  api.queues.mockResolvedValue([{ id: 5, name: 'Vendas', color: '#00ff00' }, { id: 6, name: 'Suporte', color: '#0000ff' }] as never);
  api.connections.mockResolvedValue([{ id: 3, name: 'Principal' }] as never);
  api.save.mockImplementation(async (_id, body) => ({ ...base, ...body }) as UserDto);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = async () => {
  const onClose = vi.fn();
  render(<ProfileModal open onClose={onClose} />);
  await waitFor(() => expect((screen.getByTestId('profile-name') as HTMLInputElement).value).not.toBe(''));
  return onClose;
};
const save = () => fireEvent.click(screen.getByTestId('profile-save'));

describe('ProfileModal', { timeout: 60_000 }, () => {
  it('a regular user edits name, e-mail and password only; a blank password is sent as blank', async () => {
    signIn(base);
    api.get.mockResolvedValue(base);
    const onClose = await open();
    expect(screen.queryByTestId('profile-queues')).toBeNull();
    expect(screen.queryByTestId('profile-allticket')).toBeNull();
    expect(screen.queryByTestId('profile-profile')).toBeNull();
    expect(api.queues).not.toHaveBeenCalled();
    expect((await screen.findByTestId('profile-2fa-status')).textContent).toBe('Desativada');
    fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'Ana Maria' } });
    save();
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(7, { name: 'Ana Maria', email: 'ana@example.com', password: '' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The greeting follows the new name at once.
    expect(useSession.getState().user?.name).toBe('Ana Maria');
    expect(useSession.getState().user?.company.name).toBe('Empresa');
  });

  it("refuses what the server would: a one-letter name and a short password show the spec's texts and nothing is sent", async () => {
    signIn(base);
    api.get.mockResolvedValue(base);
    await open();
    fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'A' } });
    fireEvent.change(screen.getByTestId('profile-password'), { target: { value: '123' } });
    save();
    // Each field's rule settles on its own: wait for both messages, not the first.
    await waitFor(() => expect(screen.getAllByText('Too Short!')).toHaveLength(2));
    expect(api.save).not.toHaveBeenCalled();
  });

  it('an admin also sets queues, default connection and allTicket, sees the profile but cannot change it, and never sends it', async () => {
    const admin = { ...base, profile: 'admin', whatsappId: 3 } as UserDto;
    signIn(admin);
    api.get.mockResolvedValue(admin);
    await open();
    expect(screen.getByTestId('profile-queues')).toBeTruthy();
    expect(screen.getByTestId('profile-whatsapp')).toBeTruthy();
    expect(screen.getByTestId('profile-allticket')).toBeTruthy();
    expect(screen.getByTestId('profile-profile').className).toContain('disabled');
    save();
    await waitFor(() => expect(api.save).toHaveBeenCalled());
    const body = api.save.mock.calls[0]![1];
    expect(body).toEqual({ name: 'Ana', email: 'ana@example.com', password: '', whatsappId: 3, allTicket: 'disabled', queueIds: [5] });
    expect('profile' in body).toBe(false);
  });
});
