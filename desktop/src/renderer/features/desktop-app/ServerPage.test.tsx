// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../../common/bridge';
import { useSession } from '../../lib/session';
import { ServerPage } from './ServerPage';

const bridge = vi.hoisted(() => ({
  isDesktop: true,
  checkServer: vi.fn(),
  setServer: vi.fn(),
  getPref: vi.fn(),
  setPref: vi.fn(),
}));
vi.mock('../../platform/platform', () => ({ getPlatform: () => bridge as unknown as DesktopBridge }));
vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
configure({ asyncUtilTimeout: 8000 });

const type = (value: string) => fireEvent.change(screen.getByTestId('server-address'), { target: { value } });

beforeEach(() => {
  bridge.checkServer.mockImplementation(async (url: string) => ({ ok: true, url, version: '1.4.0' }));
  bridge.setServer.mockResolvedValue(undefined);
  bridge.getPref.mockImplementation(async (key: string) => key === 'closeToTray');
  bridge.setPref.mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ServerPage (first run)', { timeout: 60_000 }, () => {
  it('checks the address with GET /version before it can be kept, then keeps the canonical form', async () => {
    render(<ServerPage current={null} />);
    expect(screen.queryByTestId('server-back')).toBeNull();
    type('Balcao.Example.com');
    expect((screen.getByTestId('server-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('server-check'));
    expect(await screen.findByText('Servidor Balcão 1.4.0 encontrado em https://balcao.example.com.')).toBeTruthy();
    expect(bridge.checkServer).toHaveBeenCalledWith('https://balcao.example.com');
    fireEvent.click(screen.getByTestId('server-save'));
    await waitFor(() => expect(bridge.setServer).toHaveBeenCalledWith('https://balcao.example.com'));
  });

  it('says when nothing answers, or when the answer is not Balcão, and keeps nothing', async () => {
    bridge.checkServer.mockImplementationOnce(async (url: string) => ({ ok: false, url, reason: 'unreachable' }));
    render(<ServerPage current={null} />);
    type('http://10.0.0.5:8080');
    fireEvent.click(screen.getByTestId('server-check'));
    expect(await screen.findByText('Não foi possível conectar a http://10.0.0.5:8080. Confira o endereço e a sua conexão.')).toBeTruthy();
    expect((screen.getByTestId('server-save') as HTMLButtonElement).disabled).toBe(true);
    bridge.checkServer.mockImplementationOnce(async (url: string) => ({ ok: false, url, reason: 'notBalcao' }));
    fireEvent.click(screen.getByTestId('server-check'));
    expect(await screen.findByText('http://10.0.0.5:8080 respondeu, mas não é um servidor do Balcão.')).toBeTruthy();
    expect(bridge.setServer).not.toHaveBeenCalled();
  });

  it('refuses an address with a path without asking anyone', () => {
    render(<ServerPage current={null} />);
    type('https://balcao.example.com/app');
    fireEvent.click(screen.getByTestId('server-check'));
    expect(screen.getByText('Informe um endereço http(s) sem caminho, como https://balcao.suaempresa.com.br.')).toBeTruthy();
    expect(bridge.checkServer).not.toHaveBeenCalled();
  });

  it('editing the address after a check asks for a new check', async () => {
    render(<ServerPage current={null} />);
    type('balcao.example.com');
    fireEvent.click(screen.getByTestId('server-check'));
    await screen.findByTestId('server-result');
    type('outro.example.com');
    expect((screen.getByTestId('server-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('server-result')).toBeNull();
  });
});

describe('ServerPage (from the profile menu)', { timeout: 60_000 }, () => {
  it('shows the current server, goes back, and ends the session when switching servers', async () => {
    useSession.setState({ token: 't', status: 'authenticated' });
    const onBack = vi.fn();
    render(<ServerPage current="https://old.example.com" onBack={onBack} />);
    expect(screen.getByTestId('server-current').textContent).toBe('Servidor atual: https://old.example.com');
    fireEvent.click(screen.getByTestId('server-back'));
    expect(onBack).toHaveBeenCalledTimes(1);
    type('https://new.example.com');
    fireEvent.click(screen.getByTestId('server-check'));
    await screen.findByTestId('server-result');
    fireEvent.click(screen.getByTestId('server-save'));
    await waitFor(() => expect(bridge.setServer).toHaveBeenCalledWith('https://new.example.com'));
    expect(useSession.getState().token).toBeNull();
  });

  it('shows and changes the app preferences (tray, login item, do not disturb)', async () => {
    render(<ServerPage current="https://old.example.com" onBack={vi.fn()} />);
    const closeToTray = await screen.findByTestId('desktop-pref-closeToTray');
    await waitFor(() => expect(closeToTray.getAttribute('aria-checked')).toBe('true'));
    const openAtLogin = screen.getByTestId('desktop-pref-openAtLogin');
    expect(openAtLogin.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(openAtLogin);
    await waitFor(() => expect(bridge.setPref).toHaveBeenCalledWith('openAtLogin', true));
    expect(openAtLogin.getAttribute('aria-checked')).toBe('true');
  });
});
