// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactUploadResponse } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { contactsApi } from './contacts.api';
import { ContactImportDialog } from './ContactImportDialog';

vi.mock('./contacts.api', () => ({ contactsApi: { upload: vi.fn() } }));
const api = vi.mocked(contactsApi);
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const pick = (name = 'contatos.csv') => fireEvent.change(screen.getByTestId('contact-import-file'), { target: { files: [new File(['x'], name)] } });

describe('ContactImportDialog', { timeout: 60_000 }, () => {
  it('offers .csv, .xls and .xlsx; shows the progress, then the refused rows with why', async () => {
    let progress!: (p: number) => void;
    let answer!: (r: ContactUploadResponse) => void;
    api.upload.mockImplementation((_file, onProgress) => {
      progress = onProgress;
      return new Promise((r) => (answer = r));
    });
    const onImported = vi.fn();
    render(<ContactImportDialog open onClose={() => undefined} onImported={onImported} />);
    expect(screen.getByTestId('contact-import-file').getAttribute('accept')).toBe('.csv,.xls,.xlsx');
    pick();
    await waitFor(() => expect(screen.getByTestId('contact-import-progress')).toBeTruthy());
    act(() => progress(40));
    expect(screen.getByTestId('contact-import-progress').textContent).toContain('40%');
    expect(screen.getByTestId('contact-import-progress').textContent).toContain('Enviando arquivo...');
    act(() => progress(100));
    expect(screen.getByTestId('contact-import-progress').textContent).toContain('Processando contatos...');
    await act(async () => answer({ total: 3, created: 1, refused: [{ row: 3, name: 'Bia', number: '12', reason: 'number' }, { row: 4, name: 'Caio', number: '5511988887777', reason: 'alreadyExists' }] }));
    const report = screen.getByTestId('contact-import-report');
    expect(report.textContent).toContain('1 de 3 contato(s) importado(s); 2 linha(s) recusada(s).');
    const refused = screen.getAllByTestId('contact-import-refused').map((r) => r.textContent);
    expect(refused).toEqual(['3Bia12Número inválido (8 a 50 dígitos)', '4Caio5511988887777Contato já existe']);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('shows a refused file as a toast and lets the person pick again', async () => {
    api.upload.mockRejectedValue(new ApiError(400, { error: 'ERR_VALIDATION', message: 'x' }, 'bad'));
    const error = vi.spyOn(toast, 'error');
    render(<ContactImportDialog open onClose={() => undefined} onImported={() => undefined} />);
    pick('antigo.xls');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByTestId('contact-import-progress')).toBeNull();
    expect(screen.getByTestId('contact-import-pick').hasAttribute('disabled')).toBe(false);
  });
});
