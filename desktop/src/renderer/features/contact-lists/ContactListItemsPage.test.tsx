// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactListItemDto, ContactListUploadResponse, WireChannels } from '@balcao/shared';
import { contactListsApi } from './contact-lists.api';
import { useContactListItems } from './contact-lists.store';
import { ContactListItemsPage } from './ContactListItemsPage';

vi.mock('./contact-lists.api', () => ({
  contactListsApi: { show: vi.fn(), items: vi.fn(), upload: vi.fn(), removeItem: vi.fn(async () => ({})), createItem: vi.fn(), updateItem: vi.fn(), example: vi.fn() },
}));
const handlers: Record<string, ((p: unknown) => void)[]> = {};
vi.mock('../../lib/socket', () => ({
  listenLive: (channel: string, handler: (p: unknown) => void) => {
    (handlers[channel] ??= []).push(handler);
    return () => handlers[channel]!.splice(handlers[channel]!.indexOf(handler), 1);
  },
}));
const api = vi.mocked(contactListsApi);
configure({ asyncUtilTimeout: 8000 });

const item = (id: number, name: string, number: string, valid: boolean | null): ContactListItemDto => ({ id, name, number, email: '', isWhatsappValid: valid, companyId: 1, contactListId: 7 });
const ana = item(1, 'Ana', '5511988887777', true);
const bia = item(2, 'Bia', '5521900000000', false);
const caio = item(3, 'Caio', '5531977776666', null);
const emit = <C extends keyof WireChannels>(channel: C, p: WireChannels[C]) => act(() => handlers[channel]!.forEach((h) => h(p)));
const rows = () => screen.queryAllByTestId('cl-item-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;
const state = (id: number) => within(row(id)).getByTestId('cl-item-validity').getAttribute('data-state');

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/contact-lists/7/contacts']}>
      <Routes>
        <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
        <Route path="/contact-lists" element={<div data-testid="lists-page" />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  useContactListItems.getState().reset();
  api.show.mockResolvedValue({ id: 7, name: 'Clientes VIP', companyId: 1, contactsCount: 3 });
  api.items.mockResolvedValue({ contacts: [ana, bia, caio], count: 3, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ContactListItemsPage', { timeout: 60_000 }, () => {
  it("titles the page with the list's name and shows each number's WhatsApp validity (valid, invalid, unknown)", async () => {
    renderPage();
    expect(screen.getByTestId('cl-items-skeleton')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('cl-items-title').textContent).toContain('Clientes VIP'));
    expect(api.items).toHaveBeenCalledWith(7, '', 1);
    expect([state(1), state(2), state(3)]).toEqual(['valid', 'invalid', 'unknown']);
    expect(within(row(2)).getByRole('img', { name: 'Número sem WhatsApp' })).toBeTruthy();
  });

  it("applies the check job's verdicts live, only for this list", async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    emit('contactListItem', { action: 'update', item: { ...caio, isWhatsappValid: true } });
    expect(state(3)).toBe('valid');
    emit('contactListItem', { action: 'create', item: { ...item(9, 'Outra lista', '5511911112222', null), contactListId: 8 } });
    expect(rows()).toHaveLength(3);
    emit('contactListItem', { action: 'delete', contactListId: 7, itemId: 1 });
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['2', '3']);
  });

  it('imports a sheet: progress from the server, then the refused rows with why, and reloads the items', async () => {
    let answer!: (r: ContactListUploadResponse) => void;
    let progress!: (p: number) => void;
    api.upload.mockImplementation((_id, _file, onProgress) => {
      progress = onProgress;
      return new Promise((r) => (answer = r));
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('cl-items-import'));
    const input = (await screen.findByTestId('cl-import-file')) as HTMLInputElement;
    expect(input.accept).toBe('.xls,.xlsx');
    fireEvent.change(input, { target: { files: [new File(['x'], 'lista.xlsx')] } });
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(7, expect.any(File), expect.any(Function)));
    act(() => progress(100));
    emit('contactList', { action: 'import', progress: { contactListId: 7, done: 500, total: 1000, state: 'running' } });
    expect(screen.getByTestId('cl-import-progress').textContent).toContain('Importando: 500 de 1000 linhas');
    emit('contactList', { action: 'import', progress: { contactListId: 8, done: 1, total: 2, state: 'running' } });
    expect(screen.getByTestId('cl-import-progress').textContent).toContain('500 de 1000');
    await act(async () => answer({ total: 3, created: 1, updated: 1, refused: [{ row: 3, name: 'X', number: '123', reason: 'number' }] }));
    const report = await screen.findByTestId('cl-import-report');
    expect(report.textContent).toContain('1 adicionados, 1 atualizados e 1 recusados de 3 linhas.');
    expect(screen.getAllByTestId('cl-import-refused').map((r) => r.textContent)).toEqual([expect.stringContaining('Número inválido (8 a 50 dígitos)')]);
    await waitFor(() => expect(api.items).toHaveBeenCalledTimes(2));
  });

  it('deletes an item after the confirmation and says when the list is empty', async () => {
    api.items.mockResolvedValue({ contacts: [ana], count: 1, hasMore: false });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(row(1)).getByTestId('cl-item-delete'));
    expect(api.removeItem).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('cl-item-delete-confirm'));
    await waitFor(() => expect(api.removeItem).toHaveBeenCalledWith(1));
    await waitFor(() => expect(screen.getByTestId('cl-items-table').textContent).toContain('Nenhum contato nesta lista'));
  });

  it("validates the item dialog per §5 ('Invalid email', 'Too Short!') before saving", async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('cl-items-add'));
    fireEvent.change(await screen.findByTestId('cl-item-name'), { target: { value: 'A' } });
    fireEvent.change(screen.getByTestId('cl-item-number'), { target: { value: '5511988880000' } });
    fireEvent.change(screen.getByTestId('cl-item-email'), { target: { value: 'ana@' } });
    fireEvent.click(screen.getByTestId('cl-item-save'));
    await waitFor(() => expect(screen.getByTestId('cl-item-form').textContent).toContain('Invalid email'));
    expect(screen.getByTestId('cl-item-form').textContent).toContain('Too Short!');
    expect(api.createItem).not.toHaveBeenCalled();
    api.createItem.mockResolvedValue(item(4, 'Ana Lima', '5511988880000', null));
    fireEvent.change(screen.getByTestId('cl-item-name'), { target: { value: 'Ana Lima' } });
    fireEvent.change(screen.getByTestId('cl-item-email'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('cl-item-save'));
    await waitFor(() => expect(api.createItem).toHaveBeenCalledWith(7, { name: 'Ana Lima', number: '5511988880000', email: '' }));
    await waitFor(() => expect(row(4)).toBeTruthy());
  });
});
