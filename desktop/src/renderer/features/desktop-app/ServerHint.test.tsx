// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerHint } from './ServerHint';

const bridge = vi.hoisted(() => ({ isDesktop: true, getServer: vi.fn() }));
vi.mock('../../platform/platform', () => ({ getPlatform: () => bridge }));

const renderAtLogin = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<ServerHint />} />
        <Route path="/server" element={<p>servidor</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('ServerHint', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    bridge.isDesktop = true;
  });

  it('names the server under the login form and leads to the Servidor screen', async () => {
    bridge.getServer.mockResolvedValue('https://balcao.example.com');
    renderAtLogin();
    expect((await screen.findByTestId('login-server')).textContent).toBe('Servidor atual: https://balcao.example.com');
    fireEvent.click(screen.getByTestId('login-server-change'));
    expect(screen.getByText('servidor')).toBeTruthy();
  });

  it('shows nothing in the browser build', async () => {
    bridge.isDesktop = false;
    renderAtLogin();
    await Promise.resolve();
    expect(screen.queryByTestId('login-server')).toBeNull();
    expect(bridge.getServer).not.toHaveBeenCalled();
  });
});
