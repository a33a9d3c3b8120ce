// @vitest-environment happy-dom
import '../../../test/dom';
import '../../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDto, SessionUserDto } from '@balcao/shared';
import { ApiError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { makeTicket } from '../../../test/fixtures';
import { tagsApi } from '../../tags/tags.api';
import { drawerApi } from './drawer.api';
import { optOutApi } from './optOut.api';
import { ContactDrawer } from './ContactDrawer';

vi.mock('./drawer.api', () => ({ drawerApi: { contact: vi.fn(), saveContact: vi.fn(), notes: vi.fn(), addNote: vi.fn(), deleteNote: vi.fn() } }));
vi.mock('./optOut.api', () => ({ optOutApi: { get: vi.fn(), optOut: vi.fn(), optIn: vi.fn() } }));
vi.mock('../../tags/tags.api', () => ({ tagsApi: { list: vi.fn(), create: vi.fn(), sync: vi.fn(), setContactTags: vi.fn() } }));
const tags = vi.mocked(tagsApi);
const vip = { id: 3, name: 'VIP', color: '#722ed1' };
const atacado = { id: 4, name: 'Atacado', color: '#13c2c2' };
const api = vi.mocked(drawerApi);
configure({ asyncUtilTimeout: 8000 });

const contact = (over: Partial<ContactDto> = {}): ContactDto => ({
  id: 10,
  name: 'Maria Souza',
  number: '5511999990000',
  email: 'maria@example.com',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [{ name: 'CPF', value: '123.456.789-00' }],
  tags: [],
  createdAt: '2025-03-10T12:00:00.000Z',
  updatedAt: '2025-03-10T12:00:00.000Z',
  ...over,
});
const ticket = makeTicket({ id: 5, tags: [{ id: 1, name: 'Urgente', color: '#ff0000' }] });

beforeEach(() => {
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'user', companyId: 1, name: 'Ana', super: false } as SessionUserDto });
  api.notes.mockResolvedValue([]);
  vi.mocked(optOutApi).get.mockResolvedValue({ contactId: 10, number: '5511999990000', optedOut: false, source: null, keyword: null, userId: null, createdAt: null });
  tags.list.mockResolvedValue([{ ...atacado, kanban: 0 }, { ...vip, kanban: 0 }]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('ContactDrawer', { timeout: 60_000 }, () => {
  it("loads the contact (skeleton first) and shows its details, extra info, the contact's tags and notes; no schedule button", async () => {
    let resolve: (c: ContactDto) => void = () => undefined;
    api.contact.mockReturnValue(new Promise((r) => (resolve = r)));
    render(<ContactDrawer open onClose={() => undefined} ticket={ticket} />);
    expect(await screen.findByTestId('drawer-loading')).toBeTruthy();
    expect(api.contact).toHaveBeenCalledWith(10, expect.any(AbortSignal));
    resolve(contact({ tags: [vip] }));
    expect((await screen.findByTestId('drawer-contact-name')).textContent).toBe('Maria Souza');
    expect(screen.getByTestId('drawer-contact-number').textContent).toContain('5511999990000');
    expect(screen.getByTestId('drawer-contact-email').textContent).toContain('maria@example.com');
    expect(within(screen.getByTestId('drawer-extra')).getByText('CPF')).toBeTruthy();
    expect(within(screen.getByTestId('drawer-extra')).getByText('123.456.789-00')).toBeTruthy();
    // The contact's own tags, not the ticket's (those are the header's selector).
    expect(within(screen.getByTestId('drawer-tags')).getByText('VIP')).toBeTruthy();
    expect(within(screen.getByTestId('drawer-tags')).queryByText('Urgente')).toBeNull();
    expect(screen.getByTestId('ticket-notes')).toBeTruthy();
    expect(api.notes).toHaveBeenCalledWith(5, 10, expect.any(AbortSignal));
    expect(screen.queryByText(/Agendar/i)).toBeNull();
  });

  it("sets the contact's tags through PUT /contacts/{id}/tags and hands the contact back", async () => {
    api.contact.mockResolvedValue(contact({ tags: [vip] }));
    tags.setContactTags.mockResolvedValue(contact({ tags: [atacado, vip] }));
    const onContactSaved = vi.fn();
    render(<ContactDrawer open onClose={() => undefined} ticket={ticket} onContactSaved={onContactSaved} />);
    const box = await screen.findByTestId('drawer-contact-tags');
    await waitFor(() => expect(tags.list).toHaveBeenCalled());
    fireEvent.mouseDown(within(box).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Atacado'));
    await waitFor(() => expect(tags.setContactTags).toHaveBeenCalledWith(10, [3, 4]));
    await waitFor(() => expect(onContactSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 10, tags: [atacado, vip] })));
    expect(within(screen.getByTestId('drawer-tags')).getByText('Atacado')).toBeTruthy();
    expect(tags.sync).not.toHaveBeenCalled();
  });

  it('edits name, number, email and extra info and saves through PUT /contacts/{id}', async () => {
    api.contact.mockResolvedValue(contact());
    api.saveContact.mockResolvedValue(contact({ name: 'Maria S. Lima', extraInfo: [{ name: 'CPF', value: '123.456.789-00' }, { name: 'Plano', value: 'Ouro' }] }));
    const success = vi.spyOn(toast, 'success');
    const onContactSaved = vi.fn();
    render(<ContactDrawer open onClose={() => undefined} ticket={ticket} onContactSaved={onContactSaved} />);
    fireEvent.click(await screen.findByTestId('drawer-edit'));
    type('drawer-name', 'Maria S. Lima');
    fireEvent.click(screen.getByTestId('drawer-extra-add'));
    const names = await screen.findAllByTestId('drawer-extra-name');
    const values = screen.getAllByTestId('drawer-extra-value');
    fireEvent.change(names[1]!, { target: { value: 'Plano' } });
    fireEvent.change(values[1]!, { target: { value: 'Ouro' } });
    fireEvent.click(screen.getByTestId('drawer-save'));
    await waitFor(() =>
      expect(api.saveContact).toHaveBeenCalledWith(10, {
        name: 'Maria S. Lima',
        number: '5511999990000',
        email: 'maria@example.com',
        extraInfo: [
          { name: 'CPF', value: '123.456.789-00' },
          { name: 'Plano', value: 'Ouro' },
        ],
      }),
    );
    expect(success).toHaveBeenCalledWith('Contato salvo com sucesso!');
    expect((await screen.findByTestId('drawer-contact-name')).textContent).toBe('Maria S. Lima');
    expect(onContactSaved).toHaveBeenCalled();
  });

  it("holds the form with the spec's texts (Too Short!, Invalid email) and removes an extra-info row", async () => {
    api.contact.mockResolvedValue(contact());
    render(<ContactDrawer open onClose={() => undefined} ticket={ticket} />);
    fireEvent.click(await screen.findByTestId('drawer-edit'));
    type('drawer-name', 'M');
    type('drawer-email', 'maria@');
    fireEvent.click(screen.getByTestId('drawer-save'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(api.saveContact).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('drawer-extra-remove'));
    await waitFor(() => expect(screen.queryByTestId('drawer-extra-row')).toBeNull());
    fireEvent.click(screen.getByTestId('drawer-cancel'));
    expect(await screen.findByTestId('drawer-details')).toBeTruthy();
  });

  it('shows a failed save as a toast and stays in the form', async () => {
    api.contact.mockResolvedValue(contact());
    api.saveContact.mockRejectedValue(new ApiError(409, { error: 'ERR_DUPLICATED_CONTACT' }, 'dup'));
    const error = vi.spyOn(toast, 'error');
    render(<ContactDrawer open onClose={() => undefined} ticket={ticket} />);
    fireEvent.click(await screen.findByTestId('drawer-edit'));
    fireEvent.click(screen.getByTestId('drawer-save'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByTestId('drawer-edit-form')).toBeTruthy();
  });

  it('says so when the contact cannot be loaded', async () => {
    api.contact.mockRejectedValue(new ApiError(404, { error: 'ERR_NO_CONTACT_FOUND' }, 'gone'));
    const error = vi.spyOn(toast, 'error');
    render(<ContactDrawer open onClose={() => undefined} ticket={ticket} />);
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.any(String)));
    // The contact's place and the (empty) notes both say 'Nenhum registro'; no edit button.
    await waitFor(() => expect(screen.getAllByText('Nenhum registro')).toHaveLength(2));
    expect(screen.queryByTestId('drawer-edit')).toBeNull();
  });
});
