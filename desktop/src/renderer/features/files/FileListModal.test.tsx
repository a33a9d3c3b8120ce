// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileListDto, SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { filesApi } from './files.api';
import { FileListModal } from './FileListModal';

vi.mock('./files.api', () => ({ filesApi: { create: vi.fn(), update: vi.fn(), upload: vi.fn() } }));
const api = vi.mocked(filesApi);
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 5, profile: 'admin', companyId: 1, name: 'Ana', super: false } as SessionUserDto });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const saved = (over: Partial<FileListDto> = {}): FileListDto => ({ id: 10, name: 'Catálogo', message: 'Veja', userId: 5, companyId: 1, options: [], ...over });
const option = (id: number, name: string, path = '', fileName = '') => ({ id, name, path, fileName, mediaType: '' });
const optionCards = () => screen.queryAllByTestId('file-option');

describe('FileListModal', { timeout: 60_000 }, () => {
  it("validates name ('nome muito curto') and message, with a 5-row message box", async () => {
    render(<FileListModal open record={null} onClose={() => undefined} onSaved={() => undefined} />);
    expect(Number((screen.getByTestId('file-message') as HTMLTextAreaElement).rows)).toBe(5);
    fireEvent.change(screen.getByTestId('file-name'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('file-save'));
    await waitFor(() => expect(screen.getByTestId('file-form').textContent).toContain('nome muito curto'));
    expect(screen.getByTestId('file-form').textContent).toContain('Obrigatório');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('adds two options with files, saves the list, then uploads each file to the option it belongs to', async () => {
    const onSaved = vi.fn();
    api.create.mockResolvedValue(saved({ options: [option(21, 'Preços'), option(22, 'Foto')] }));
    api.upload.mockResolvedValue(saved({ options: [option(21, 'Preços', 'a-precos.pdf', 'precos.pdf'), option(22, 'Foto', 'b-foto.png', 'foto.png')] }));
    render(<FileListModal open record={null} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.change(screen.getByTestId('file-name'), { target: { value: 'Catálogo' } });
    fireEvent.change(screen.getByTestId('file-message'), { target: { value: 'Veja' } });
    fireEvent.click(screen.getByTestId('file-option-add'));
    fireEvent.click(screen.getByTestId('file-option-add'));
    fireEvent.click(screen.getByTestId('file-option-add'));
    await waitFor(() => expect(optionCards()).toHaveLength(3));
    fireEvent.click(within(optionCards()[2]!).getByTestId('file-option-remove'));
    await waitFor(() => expect(optionCards()).toHaveLength(2));
    const pdf = new File(['%PDF'], 'precos.pdf', { type: 'application/pdf' });
    const png = new File(['png'], 'foto.png', { type: 'image/png' });
    [['Preços', pdf], ['Foto', png]].forEach(([name, file], i) => {
      const card = optionCards()[i]!;
      fireEvent.change(within(card).getByTestId('file-option-name'), { target: { value: name } });
      fireEvent.change(within(card).getByTestId('file-option-file'), { target: { files: [file] } });
    });
    await waitFor(() => expect(within(optionCards()[1]!).getByTestId('file-option-filename').textContent).toBe('foto.png'));
    fireEvent.click(screen.getByTestId('file-save'));
    await waitFor(() => expect(api.upload).toHaveBeenCalled());
    expect(api.create).toHaveBeenCalledWith({ name: 'Catálogo', message: 'Veja', options: [{ name: 'Preços' }, { name: 'Foto' }], userId: 5 });
    expect(api.upload).toHaveBeenCalledWith(10, [
      { optionId: 21, name: 'Preços', file: pdf },
      { optionId: 22, name: 'Foto', file: png },
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ options: [expect.objectContaining({ path: 'a-precos.pdf' }), expect.objectContaining({ path: 'b-foto.png' })] })));
  });

  it("edits: shows stored files' names, keeps options by id and uploads only a newly picked file", async () => {
    const current = saved({ options: [option(21, 'Preços', 'a-precos.pdf', 'precos.pdf'), option(22, 'Foto', 'b-foto.png', 'foto.png')] });
    api.update.mockResolvedValue(saved({ options: [option(22, 'Foto', 'b-foto.png', 'foto.png'), option(23, 'Vídeo')] }));
    api.upload.mockResolvedValue(saved());
    render(<FileListModal open record={current} onClose={() => undefined} onSaved={() => undefined} />);
    await waitFor(() => expect(optionCards()).toHaveLength(2));
    // The cards come before the form fills their stored names (a render later on a loaded run).
    await waitFor(() => expect(within(optionCards()[0]!).getByTestId('file-option-filename').textContent).toBe('precos.pdf'));
    fireEvent.click(within(optionCards()[0]!).getByTestId('file-option-remove'));
    fireEvent.click(screen.getByTestId('file-option-add'));
    await waitFor(() => expect(optionCards()).toHaveLength(2));
    const mp4 = new File(['v'], 'video.mp4', { type: 'video/mp4' });
    fireEvent.change(within(optionCards()[1]!).getByTestId('file-option-name'), { target: { value: 'Vídeo' } });
    fireEvent.change(within(optionCards()[1]!).getByTestId('file-option-file'), { target: { files: [mp4] } });
    fireEvent.click(screen.getByTestId('file-save'));
    await waitFor(() => expect(api.upload).toHaveBeenCalled());
    expect(api.update).toHaveBeenCalledWith(10, { name: 'Catálogo', message: 'Veja', options: [{ id: 22, name: 'Foto' }, { name: 'Vídeo' }], userId: 5 });
    expect(api.upload).toHaveBeenCalledWith(10, [{ optionId: 23, name: 'Vídeo', file: mp4 }]);
  });
});
