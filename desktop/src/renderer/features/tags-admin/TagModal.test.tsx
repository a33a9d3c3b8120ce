// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, TagListItemDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { tagsAdminApi } from './tags-admin.api';
import { TagModal } from './TagModal';

vi.mock('./tags-admin.api', () => ({ tagsAdminApi: { create: vi.fn(), update: vi.fn() } }));
const api = vi.mocked(tagsAdminApi);
configure({ asyncUtilTimeout: 8000 });

const asUser = (profile: 'admin' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });
const onClose = vi.fn();
const onSaved = vi.fn();
const type = (value: string) => fireEvent.change(screen.getByTestId('tag-name'), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('tag-save'));
const urgente: TagListItemDto = { id: 1, name: 'Urgente', color: '#ff0000', kanban: 1, ticketsCount: 4 };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('TagModal', { timeout: 60_000 }, () => {
  it("says 'Obrigatório' and 'Mensagem muito curta' and sends nothing", async () => {
    asUser('admin');
    render(<TagModal open record={null} onClose={onClose} onSaved={onSaved} />);
    save();
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    type('ab');
    save();
    expect(await screen.findByText('Mensagem muito curta')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates with the default colour; an admin sends the kanban flag', async () => {
    asUser('admin');
    api.create.mockResolvedValue({ id: 9, name: 'Novo', color: '#999999', kanban: 0 });
    render(<TagModal open record={null} onClose={onClose} onSaved={onSaved} />);
    type('Novo');
    save();
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'Novo', color: '#999999', kanban: false }));
    expect(onSaved).toHaveBeenCalledWith({ id: 9, name: 'Novo', color: '#999999', kanban: 0, ticketsCount: 0 });
  });

  it('lets a user rename without any kanban switch, and marks a taken name on its field', async () => {
    asUser('user');
    api.update.mockRejectedValueOnce(new ApiError(409, { error: 'ERR_DUPLICATED_RECORD' }, 'taken'));
    render(<TagModal open record={urgente} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect((screen.getByTestId('tag-name') as HTMLInputElement).value).toBe('Urgente'));
    expect(screen.queryByTestId('tag-kanban')).toBeNull();
    type('VIP');
    save();
    expect(await screen.findByText('Já existe uma tag com este nome.')).toBeTruthy();
    expect(api.update).toHaveBeenCalledWith(1, { name: 'VIP', color: '#ff0000' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
