// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLogos } from '../logos/logos.store';
import { LogoTab } from './LogoTab';
import { uploadLogo } from './saas-admin.api';

vi.mock('./saas-admin.api', () => ({ uploadLogo: vi.fn(), companiesApi: {}, helpsApi: {} }));
// GET /logos: the defaults (the store starts from them without the server).
vi.mock('../../lib/http', async (orig) => ({ ...(await orig<typeof import('../../lib/http')>()), http: { get: vi.fn(() => Promise.resolve({ login: '/public/logotipos/login.png', interno: '/public/logotipos/interno.png', favicon: '' })) } }));
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const renderTab = (isSuper: boolean) =>
  render(
    <MemoryRouter initialEntries={['/settings']}>
      <Routes>
        <Route path="/settings" element={<LogoTab isSuper={isSuper} />} />
        <Route path="/" element={<div data-testid="home" />} />
      </Routes>
    </MemoryRouter>,
  );

const pick = (name: string, type: string) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], name, { type })] } });
};

describe('LogoTab', { timeout: 60_000 }, () => {
  it("asks for a file and a destination with the spec's texts", async () => {
    renderTab(true);
    fireEvent.click(screen.getByTestId('logo-send'));
    expect(await screen.findByText('Escolha um arquivo!')).toBeTruthy();
    expect(screen.getByText('Escolha um destino!')).toBeTruthy();
    expect(uploadLogo).not.toHaveBeenCalled();
  });

  it('refuses other formats by name, and the server refusal shows the same text', async () => {
    const error = vi.spyOn(toast, 'error');
    renderTab(true);
    pick('foto.jpg', 'image/jpeg');
    expect(error).toHaveBeenCalledWith('Use somente arquivos em formato PNG, ICO ou SVG!');
    pick('logo.svg', 'image/svg+xml');
    fireEvent.click(screen.getByTestId('logo-dest-favicon'));
    vi.mocked(uploadLogo).mockRejectedValueOnce(new ApiError(400, { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }, 'x'));
    error.mockClear();
    fireEvent.click(screen.getByTestId('logo-send'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Use somente arquivos em formato PNG, ICO ou SVG!'));
  });

  it('uploads to the chosen destination and uses the new logo at once', async () => {
    const success = vi.spyOn(toast, 'success');
    vi.mocked(uploadLogo).mockResolvedValue({ mensagem: 'Arquivo Anexado', ref: 'login', url: '/public/logotipos/login.png?v=abc' });
    renderTab(true);
    pick('marca.png', 'image/png');
    fireEvent.click(screen.getByTestId('logo-dest-login'));
    fireEvent.click(screen.getByTestId('logo-send'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Arquivo enviado com sucesso!'));
    expect(vi.mocked(uploadLogo).mock.calls[0]![0]).toBe('login');
    expect(vi.mocked(uploadLogo).mock.calls[0]![1].name).toBe('marca.png');
    expect(useLogos.getState().urls?.login).toBe('/public/logotipos/login.png?v=abc');
    expect(screen.getByTestId('logo-preview-login').getAttribute('src')).toMatch(/\/public\/logotipos\/login\.png\?v=abc$/);
  });

  it("a user who is not super gets 'Sem permissão para acessar!' and goes to / after 1 s", async () => {
    const error = vi.spyOn(toast, 'error');
    renderTab(false);
    expect(error).toHaveBeenCalledWith('Sem permissão para acessar!');
    expect(screen.queryByTestId('logo-tab')).toBeNull();
    expect(await screen.findByTestId('home', {}, { timeout: 3000 })).toBeTruthy();
  });
});
