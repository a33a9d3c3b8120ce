// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { contactsApi } from './contacts.api';
import { makeContact } from './contacts.fixtures';
import { ContactModal } from './ContactModal';

vi.mock('./contacts.api', () => ({ contactsApi: { create: vi.fn(), update: vi.fn() } }));
const api = vi.mocked(contactsApi);
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const errorsShown = async () => {
  await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
};

describe('ContactModal', { timeout: 60_000 }, () => {
  it("shows the spec's validation texts and sends nothing", async () => {
    render(<ContactModal open contact={null} onClose={() => undefined} onSaved={() => undefined} />);
    type('contact-name', 'A');
    type('contact-number', '123');
    type('contact-email', 'nope');
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await errorsShown()).toEqual(['Too Short!', 'Too Short!', 'Invalid email']);
    type('contact-name', 'x'.repeat(51));
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toContain('Too Long!'));
    type('contact-name', '');
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toContain('Required'));
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates with extra-info rows (blank ones need a name) and reports the save', async () => {
    const saved = makeContact({ id: 7, name: 'Carla', extraInfo: [{ name: 'CPF', value: '123' }] });
    api.create.mockResolvedValue(saved);
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const success = vi.spyOn(toast, 'success');
    render(<ContactModal open contact={null} onClose={onClose} onSaved={onSaved} />);
    type('contact-name', 'Carla');
    type('contact-number', '+55 (11) 98888-7777');
    fireEvent.click(screen.getByTestId('contact-extra-add'));
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await errorsShown()).toEqual(['Required']);
    type('contact-extra-name', 'CPF');
    type('contact-extra-value', '123');
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'Carla', number: '+55 (11) 98888-7777', email: '', extraInfo: [{ name: 'CPF', value: '123' }] }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(success).toHaveBeenCalledWith('Contato salvo com sucesso.');
    expect(onClose).toHaveBeenCalled();
  });

  it('edits: the form starts from the contact, removing an extra row sends the rest', async () => {
    const c = makeContact({ id: 3, name: 'Davi', number: '5511977776666', email: 'd@example.com', extraInfo: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] });
    api.update.mockResolvedValue(c);
    render(<ContactModal open contact={c} onClose={() => undefined} onSaved={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('contact-extra-row')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('contact-extra-remove')[0]!);
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(3, { name: 'Davi', number: '5511977776666', email: 'd@example.com', extraInfo: [{ name: 'B', value: '2' }] }));
  });

  it('names the contact that already has the number', async () => {
    api.create.mockRejectedValue(new ApiError(409, { error: 'ERR_DUPLICATED_CONTACT', details: { alreadyExists: true, existingContact: makeContact({ name: 'Elisa' }) } }, 'conflict'));
    const error = vi.spyOn(toast, 'error');
    render(<ContactModal open contact={null} onClose={() => undefined} onSaved={() => undefined} />);
    type('contact-name', 'Outra');
    type('contact-number', '5511988887777');
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await errorsShown()).toEqual(['Este número já é do contato Elisa']);
    expect(error).not.toHaveBeenCalled();
  });
});
