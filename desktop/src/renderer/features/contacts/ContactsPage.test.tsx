// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDto, SessionUserDto, WireChannels } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { contactsApi } from './contacts.api';
import { makeContact } from './contacts.fixtures';
import { useContacts } from './contacts.store';
import { ContactsPage } from './ContactsPage';

vi.mock('./contacts.api', () => ({
  contactsApi: { page: vi.fn(), all: vi.fn(), remove: vi.fn(async () => ({})), create: vi.fn(), update: vi.fn(), upload: vi.fn(), show: vi.fn() },
}));
const socketHandlers: ((p: WireChannels['contact']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (channel: string, handler: (p: WireChannels['contact']) => void) => {
    if (channel !== 'contact') return () => undefined;
    socketHandlers.push(handler);
    return () => socketHandlers.splice(socketHandlers.indexOf(handler), 1);
  },
}));
const api = vi.mocked(contactsApi);
configure({ asyncUtilTimeout: 8000 });

const ana = makeContact({ id: 1, name: 'Ana', number: '5511911110000', email: 'ana@example.com' });
const bruno = makeContact({ id: 2, name: 'Bruno', number: '5511922220000' });
const page = (contacts: ContactDto[], hasMore = false, count = contacts.length) => ({ contacts, count, hasMore });

const asUser = (profile: 'admin' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });
const rows = () => screen.queryAllByTestId('contact-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;
const ids = () => rows().map((r) => r.getAttribute('data-id'));

beforeEach(() => {
  useContacts.getState().reset();
  api.page.mockResolvedValue(page([ana, bruno]));
  asUser('admin');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('ContactsPage', { timeout: 60_000 }, () => {
  it("shows a skeleton while loading, then 'Nenhum registro' when there is none", async () => {
    let answer!: (v: ReturnType<typeof page>) => void;
    api.page.mockReturnValue(new Promise((r) => (answer = r)));
    render(<ContactsPage />);
    expect(screen.getByTestId('contacts-skeleton')).toBeTruthy();
    await act(async () => answer(page([])));
    await waitFor(() => expect(screen.getByTestId('contacts-table').textContent).toContain('Nenhum registro'));
    expect(screen.queryByTestId('contacts-skeleton')).toBeNull();
  });

  it('lists name, number and e-mail with the count', async () => {
    render(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row(1).textContent).toContain('Ana');
    expect(row(1).textContent).toContain('5511911110000');
    expect(row(1).textContent).toContain('ana@example.com');
    expect(screen.getByTestId('contacts-count').textContent).toBe('(2)');
  });

  it('searches after the 500 ms pause, once for what was typed', async () => {
    render(<ContactsPage />);
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('', 1));
    api.page.mockResolvedValue(page([bruno]));
    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: 'bru' } });
    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: 'bruno' } });
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('bruno', 1));
    expect(api.page).not.toHaveBeenCalledWith('bru', 1);
    await waitFor(() => expect(ids()).toEqual(['2']));
  });

  it('loads the next page when scrolled within 100 px of the bottom, and not before', async () => {
    // A box 400 px tall showing 1000 px of rows (jsdom lays nothing out).
    const sized = (el: HTMLElement, v: number) => (el.dataset.testid === 'contacts-scroll' ? v : 0);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return sized(this, 1000);
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return sized(this, 400);
    });
    api.page.mockResolvedValueOnce(page([ana, bruno], true, 3));
    render(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const box = screen.getByTestId('contacts-scroll');
    api.page.mockResolvedValueOnce(page([makeContact({ id: 3, name: 'Carla', number: '5511933330000' })], false, 3));
    box.scrollTop = 450; // 150 px from the bottom
    fireEvent.scroll(box);
    expect(api.page).not.toHaveBeenCalledWith('', 2);
    box.scrollTop = 520; // 80 px from the bottom
    fireEvent.scroll(box);
    await waitFor(() => expect(ids()).toEqual(['1', '2', '3']));
    expect(api.page).toHaveBeenCalledWith('', 2);
  });

  it('lets an admin delete after the confirmation', async () => {
    render(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(2)).getByTestId('contact-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('contact-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(ids()).toEqual(['1']));
  });

  it('gives a user no delete button', async () => {
    asUser('user');
    render(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryAllByTestId('contact-delete')).toHaveLength(0);
    expect(screen.queryAllByTestId('contact-edit')).toHaveLength(2);
  });

  it('shows a failed load as a toast and then the empty table', async () => {
    const shown = vi.spyOn(toast, 'error');
    api.page.mockRejectedValue(new ApiError(500, { error: 'ERR_INTERNAL' }, 'boom'));
    render(<ContactsPage />);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Erro interno do servidor. Tente novamente mais tarde.'));
    await waitFor(() => expect(screen.getByTestId('contacts-table').textContent).toContain('Nenhum registro'));
  });

  it("applies the company's contact events: a new one in order, a rename, a delete", async () => {
    render(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => socketHandlers[0]!({ action: 'create', contact: makeContact({ id: 5, name: 'Beatriz', number: '5511955550000' }) }));
    expect(ids()).toEqual(['1', '5', '2']);
    act(() => socketHandlers[0]!({ action: 'update', contact: { ...ana, name: 'Zélia', updatedAt: '2026-02-01T00:00:00.000Z' } }));
    expect(ids()).toEqual(['5', '2', '1']);
    act(() => socketHandlers[0]!({ action: 'delete', contactId: 2 }));
    expect(ids()).toEqual(['5', '1']);
    expect(screen.getByTestId('contacts-count').textContent).toBe('(2)');
  });

  it('exports every contact as a ;-separated CSV download', async () => {
    api.all.mockResolvedValue([ana, makeContact({ id: 9, name: 'Silva; José', number: '5511999990000', email: '' })]);
    const blobs: Blob[] = [];
    const created = vi.fn((b: Blob) => (blobs.push(b), 'blob:x'));
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('contatos.csv');
    });
    render(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('contacts-export'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
    // The BOM is consumed by the UTF-8 decoding (contacts.logic.test checks it is written).
    expect(text).toBe('name;number;email\r\nAna;5511911110000;ana@example.com\r\n"Silva; José";5511999990000;\r\n');
  });
});

describe('ContactsPage at phone width (390 px)', { timeout: 60_000 }, () => {
  it('puts the number under the name and drops the number and e-mail columns', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 575px') })) as typeof window.matchMedia;
    try {
      render(<ContactsPage />);
      await waitFor(() => expect(rows()).toHaveLength(2));
      const headers = [...screen.getByTestId('contacts-table').querySelectorAll('th')].map((th) => th.textContent);
      expect(headers).toEqual(['Nome', 'Ações']);
      expect(row(1).querySelector('td')!.textContent).toContain('5511911110000');
    } finally {
      window.matchMedia = original;
    }
  });
});
