// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileListDto, WireChannels } from '@balcao/shared';
import { filesApi } from './files.api';
import { useFileLists } from './files.store';
import { FilesPage } from './FilesPage';

vi.mock('./files.api', () => ({ filesApi: { page: vi.fn(), remove: vi.fn(async () => ({})), create: vi.fn(), update: vi.fn(), upload: vi.fn() } }));
const handlers: ((p: WireChannels['file']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_c: string, h: (p: WireChannels['file']) => void) => {
    handlers.push(h);
    return () => handlers.splice(handlers.indexOf(h), 1);
  },
}));
const api = vi.mocked(filesApi);
configure({ asyncUtilTimeout: 8000 });

const list = (id: number, name: string, files = 0): FileListDto => ({
  id,
  name,
  message: 'Oi',
  userId: 1,
  companyId: 1,
  options: Array.from({ length: files }, (_, i) => ({ id: id * 10 + i, name: `o${i}`, path: `p${i}`, fileName: `f${i}`, mediaType: 'image/png' })),
});
const rows = () => screen.queryAllByTestId('file-row');

beforeEach(() => {
  useFileLists.getState().reset();
  api.page.mockResolvedValue({ files: [list(1, 'Catálogo', 2), list(2, 'Promoções')], count: 2, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('FilesPage', { timeout: 60_000 }, () => {
  it('shows the title with the count, each list with its files, a lower-cased search, and live events', async () => {
    render(<FilesPage />);
    expect(screen.getByTestId('files-skeleton')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('files-count').textContent).toBe('(2)');
    expect(within(rows()[0]!).getByTestId('file-row-count').textContent).toContain('2 arquivo(s)');
    fireEvent.change(screen.getByTestId('files-search'), { target: { value: 'CATÁ' } });
    expect((screen.getByTestId('files-search') as HTMLInputElement).value).toBe('catá');
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('catá', 1));
    api.page.mockResolvedValue({ files: [], count: 0, hasMore: false });
    fireEvent.change(screen.getByTestId('files-search'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('files-table').textContent).toContain('Nenhuma lista de arquivos ainda: crie a primeira.'));
    act(() => handlers[0]!({ action: 'create', file: list(3, 'Novidades', 1) }));
    expect(rows()).toHaveLength(1);
    act(() => handlers[0]!({ action: 'delete', fileId: 3 }));
    expect(rows()).toHaveLength(0);
  });

  it('deletes after the confirmation', async () => {
    render(<FilesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByTestId('file-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('file-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
