// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhoneImportProgress, WireChannels } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { contactsApi } from './contacts.api';
import { importPercent, PhoneImport } from './PhoneImport';

vi.mock('./contacts.api', () => ({ contactsApi: { importFromPhone: vi.fn() } }));
const handlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  listenLive: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  },
}));
const api = vi.mocked(contactsApi);
configure({ asyncUtilTimeout: 8000 });

const at = (over: Partial<PhoneImportProgress>): PhoneImportProgress => ({ jobId: '7', whatsappId: 1, state: 'queued', done: 0, total: 400, created: 0, skipped: 0, ...over });
const frame = (p: PhoneImportProgress) => act(() => handlers.get('contactImport')!({ action: 'update', progress: p } satisfies WireChannels['contactImport']));
const bar = () => screen.queryByTestId('contacts-import-phone-progress');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('PhoneImport', { timeout: 60_000 }, () => {
  it('asks first, then follows the progress frames and reloads the list when done', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.importFromPhone.mockResolvedValue(at({}));
    const onFinished = vi.fn();
    render(<PhoneImport onFinished={onFinished} />);
    fireEvent.click(screen.getByTestId('contacts-import-phone'));
    expect(await screen.findByText('Deseja importar todos os contatos do telefone?')).toBeTruthy();
    expect(api.importFromPhone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('contacts-import-phone-confirm'));
    await waitFor(() => expect(bar()?.textContent).toContain('Importação de contatos na fila...'));
    await frame(at({ state: 'running', done: 200, created: 150, skipped: 50 }));
    expect(bar()?.getAttribute('data-state')).toBe('running');
    expect(bar()?.textContent).toContain('Importando contatos do telefone: 200 de 400');
    expect(bar()?.textContent).toContain('50%');
    expect(onFinished).not.toHaveBeenCalled();
    await frame(at({ state: 'done', done: 400, created: 390, skipped: 10 }));
    expect(bar()?.textContent).toContain('390 contato(s) importado(s), 10 ignorado(s).');
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('390 contato(s) importado(s), 10 ignorado(s).');
  });

  it('keeps the finished state when the answer comes after the last frame, and toasts a refusal', async () => {
    let answer!: (p: PhoneImportProgress) => void;
    api.importFromPhone.mockReturnValue(new Promise((r) => (answer = r)));
    render(<PhoneImport onFinished={() => undefined} />);
    fireEvent.click(screen.getByTestId('contacts-import-phone'));
    fireEvent.click(await screen.findByTestId('contacts-import-phone-confirm'));
    await frame(at({ state: 'done', done: 9, total: 9, created: 5, skipped: 4 }));
    await act(async () => answer(at({ total: 9 })));
    expect(bar()?.getAttribute('data-state')).toBe('done');

    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    api.importFromPhone.mockRejectedValue(new ApiError(409, { error: 'ERR_WAPP_NOT_INITIALIZED' }, 'HTTP 409'));
    fireEvent.click(screen.getByTestId('contacts-import-phone'));
    fireEvent.click(await screen.findByTestId('contacts-import-phone-confirm'));
    await waitFor(() => expect(error).toHaveBeenCalled());
  });

  it('computes the percent (none while the total is unknown)', () => {
    expect([importPercent({ done: 0, total: 0 }), importPercent({ done: 1, total: 3 }), importPercent({ done: 5, total: 4 })]).toEqual([0, 33, 100]);
  });
});
