// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { quickMessagesApi } from './quick-messages.api';
import { makeQuickMessage } from './quick-messages.fixtures';
import { QuickMessageModal } from './QuickMessageModal';

vi.mock('./quick-messages.api', () => ({
  quickMessagesApi: { create: vi.fn(), update: vi.fn(), upload: vi.fn(), removeMedia: vi.fn() },
}));
const api = vi.mocked(quickMessagesApi);
configure({ asyncUtilTimeout: 8000 });

const asUser = (profile: 'admin' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });
const onClose = vi.fn();
const onSaved = vi.fn();
const open = (record: ReturnType<typeof makeQuickMessage> | null = null) => render(<QuickMessageModal open record={record} onClose={onClose} onSaved={onSaved} />);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('quick-save'));

beforeEach(() => asUser('user'));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('QuickMessageModal', { timeout: 60_000 }, () => {
  it("requires the shortcode with 'Obrigatório' and sends nothing", async () => {
    open();
    type('quick-message', 'Olá');
    save();
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('inserts a variable where the cursor is', async () => {
    open();
    const box = screen.getByTestId('quick-message') as HTMLTextAreaElement;
    type('quick-message', 'Olá , tudo bem?');
    box.setSelectionRange(4, 4);
    fireEvent.keyUp(box, { key: 'ArrowLeft' });
    fireEvent.click(screen.getByTestId('quick-variable-firstName'));
    await waitFor(() => expect(box.value).toBe('Olá {{firstName}}, tudo bem?'));
    // The caret stays after it: the next one follows.
    fireEvent.click(screen.getByTestId('quick-variable-protocol'));
    await waitFor(() => expect(box.value).toBe('Olá {{firstName}}{{protocol}}, tudo bem?'));
    for (const v of ['name', 'ms', 'hora']) expect(screen.getByTestId(`quick-variable-${v}`)).toBeTruthy();
  });

  it('offers the general switch to admins only, and a user never sends geral', async () => {
    api.create.mockResolvedValue(makeQuickMessage({ id: 9, shortcode: 'oi' }));
    open();
    expect(screen.queryByTestId('quick-geral')).toBeNull();
    type('quick-shortcode', 'oi');
    save();
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ geral: false, shortcode: 'oi', message: '', status: true }));
    cleanup();
    asUser('admin');
    api.create.mockResolvedValue(makeQuickMessage({ id: 10, shortcode: 'geral', geral: true }));
    open();
    type('quick-shortcode', 'geral');
    fireEvent.click(screen.getByTestId('quick-geral'));
    save();
    await waitFor(() => expect(api.create).toHaveBeenLastCalledWith({ geral: true, shortcode: 'geral', message: '', status: true }));
  });

  it('creates, then uploads the chosen file, and hands back the record with it', async () => {
    const created = makeQuickMessage({ id: 11, shortcode: 'catalogo' });
    const withFile = { ...created, isMedia: true, mediaName: 'catálogo.pdf', mediaPath: 'x-catalogo.pdf' };
    api.create.mockResolvedValue(created);
    api.upload.mockResolvedValue(withFile);
    const success = vi.spyOn(toast, 'success');
    open();
    type('quick-shortcode', 'catalogo');
    const file = new File(['%PDF-1.4'], 'catálogo.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('quick-file'), { target: { files: [file] } });
    expect(screen.getByTestId('quick-attachment-name').textContent).toBe('catálogo.pdf');
    save();
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(11, file));
    expect(onSaved).toHaveBeenLastCalledWith(withFile);
    expect(success).toHaveBeenCalledWith('Resposta rápida salva com sucesso!');
    expect(onClose).toHaveBeenCalled();
  });

  it('edits: sends the changes, removes the existing file when asked', async () => {
    const record = makeQuickMessage({ id: 12, shortcode: 'prazo', message: 'Dois dias', mediaName: 'tabela.pdf', mediaPath: 'y-tabela.pdf', isMedia: true });
    api.update.mockResolvedValue({ ...record, message: 'Três dias' });
    api.removeMedia.mockResolvedValue({ ...record, message: 'Três dias', mediaName: null, mediaPath: null, isMedia: false });
    open(record);
    expect(screen.getByText('Editar Resposta Rápida')).toBeTruthy();
    expect(screen.getByTestId('quick-attachment-name').textContent).toBe('tabela.pdf');
    type('quick-message', 'Três dias');
    fireEvent.click(screen.getByTestId('quick-remove-attachment'));
    expect(screen.getByText('Sem anexo')).toBeTruthy();
    save();
    await waitFor(() => expect(api.removeMedia).toHaveBeenCalledWith(12));
    expect(api.update).toHaveBeenCalledWith(12, { shortcode: 'prazo', message: 'Três dias', status: true });
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('shows a shortcode already in use under the field, other failures as a toast', async () => {
    api.create.mockRejectedValueOnce(new ApiError(409, { error: 'ERR_DUPLICATED_RECORD' }, 'dup'));
    const failed = vi.spyOn(toast, 'error');
    open();
    type('quick-shortcode', 'oi');
    save();
    expect(await screen.findByText('Já existe uma resposta rápida com este atalho.')).toBeTruthy();
    expect(failed).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    api.create.mockRejectedValueOnce(new ApiError(403, { error: 'ERR_NO_PERMISSION' }, 'no'));
    type('quick-shortcode', 'outro');
    save();
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Acesso não permitido'));
  });

  it('after a create whose upload failed, saving again updates the same record', async () => {
    const created = makeQuickMessage({ id: 13, shortcode: 'foto' });
    api.create.mockResolvedValue(created);
    api.upload.mockRejectedValueOnce(new ApiError(413, { error: 'ERR_VALIDATION' }, 'big'));
    api.update.mockResolvedValue(created);
    api.upload.mockResolvedValueOnce({ ...created, mediaName: 'a.png', mediaPath: 'z-a.png', isMedia: true });
    open();
    type('quick-shortcode', 'foto');
    fireEvent.change(screen.getByTestId('quick-file'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    save();
    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(1));
    save();
    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(2));
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith(13, expect.objectContaining({ shortcode: 'foto' }));
  });
});
