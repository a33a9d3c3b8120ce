// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactListDto, WireChannels } from '@balcao/shared';
import { downloadBlob } from '../../lib/download';
import { contactListsApi } from './contact-lists.api';
import { useContactLists } from './contact-lists.store';
import { ContactListsPage, EXAMPLE_SHEET_NAME } from './ContactListsPage';

vi.mock('./contact-lists.api', () => ({ contactListsApi: { page: vi.fn(), remove: vi.fn(async () => ({})), create: vi.fn(), update: vi.fn(), example: vi.fn() } }));
vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));
const handlers: ((p: WireChannels['contactList']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_c: string, h: (p: WireChannels['contactList']) => void) => {
    handlers.push(h);
    return () => handlers.splice(handlers.indexOf(h), 1);
  },
}));
const api = vi.mocked(contactListsApi);
configure({ asyncUtilTimeout: 8000 });

const vip: ContactListDto = { id: 1, name: 'Clientes VIP', companyId: 1, contactsCount: 12 };
const leads: ContactListDto = { id: 2, name: 'Leads', companyId: 1, contactsCount: 0 };
const rows = () => screen.queryAllByTestId('cl-row');
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/contact-lists']}>
      <Routes>
        <Route path="/contact-lists" element={<ContactListsPage />} />
        <Route path="/contact-lists/:id/contacts" element={<div data-testid="items-page" />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  useContactLists.getState().reset();
  api.page.mockResolvedValue({ records: [vip, leads], count: 2, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ContactListsPage', { timeout: 60_000 }, () => {
  it('lists name and contacts count, downloads the example sheet and opens a list', async () => {
    const sheet = new Blob(['xlsx']);
    api.example.mockResolvedValue(sheet);
    renderPage();
    expect(screen.getByTestId('cl-skeleton')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByTestId('cl-count').textContent).toBe('12');
    fireEvent.click(within(rows()[0]!).getByTestId('cl-example'));
    await waitFor(() => expect(downloadBlob).toHaveBeenCalledWith(sheet, EXAMPLE_SHEET_NAME));
    expect(api.example).toHaveBeenCalledWith('pt-BR');
    fireEvent.click(within(rows()[0]!).getByTestId('cl-open'));
    await waitFor(() => expect(screen.getByTestId('items-page')).toBeTruthy());
  });

  it("creates a list through the dialog (name 2 to 50: 'Too Short!') and applies live events", async () => {
    api.create.mockResolvedValue({ id: 3, name: 'Aniversariantes', companyId: 1, contactsCount: 0 });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('cl-add'));
    fireEvent.change(await screen.findByTestId('cl-name'), { target: { value: 'A' } });
    fireEvent.click(screen.getByTestId('cl-save'));
    await waitFor(() => expect(screen.getByTestId('cl-form').textContent).toContain('Too Short!'));
    fireEvent.change(screen.getByTestId('cl-name'), { target: { value: 'Aniversariantes' } });
    fireEvent.click(screen.getByTestId('cl-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('Aniversariantes'));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['3', '1', '2']));
    act(() => handlers[0]!({ action: 'update', contactList: { ...leads, contactsCount: 40 } }));
    expect(within(rows()[2]!).getByTestId('cl-count').textContent).toBe('40');
    act(() => handlers[0]!({ action: 'delete', contactListId: 1 }));
    expect(rows()).toHaveLength(2);
  });

  it('deletes after the confirmation; says when there is no list', async () => {
    api.page.mockResolvedValue({ records: [leads], count: 1, hasMore: false });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByTestId('cl-delete'));
    fireEvent.click(await screen.findByTestId('cl-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(screen.getByTestId('cl-table').textContent).toContain('Nenhuma lista de contatos ainda: crie a primeira.'));
  });
});
