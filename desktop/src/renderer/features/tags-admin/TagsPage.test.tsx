// @vitest-environment happy-dom
import '../../test/dom';
import { rgb } from '../../test/css';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, TagListItemDto, WireChannels } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { tagsAdminApi } from './tags-admin.api';
import { textOn } from './tags-admin.logic';
import { useTagsAdmin } from './tags-admin.store';
import { TagsPage } from './TagsPage';

vi.mock('./tags-admin.api', () => ({
  tagsAdminApi: { page: vi.fn(), remove: vi.fn(async () => ({})), create: vi.fn(), update: vi.fn() },
}));
const socketHandlers: ((p: WireChannels['tag']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['tag']) => void) => {
    socketHandlers.push(handler);
    return () => socketHandlers.splice(socketHandlers.indexOf(handler), 1);
  },
}));
const api = vi.mocked(tagsAdminApi);
configure({ asyncUtilTimeout: 8000 });

const urgente: TagListItemDto = { id: 1, name: 'Urgente', color: '#ff0000', kanban: 1, ticketsCount: 4 };
const vip: TagListItemDto = { id: 2, name: 'VIP', color: '#ffff00', kanban: 0, ticketsCount: 0 };
const asUser = (profile: 'admin' | 'supervisor' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });
const rows = () => screen.queryAllByTestId('tag-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;

beforeEach(() => {
  useTagsAdmin.getState().reset();
  api.page.mockResolvedValue({ tags: [urgente, vip], count: 2, hasMore: false });
  asUser('supervisor');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('TagsPage', { timeout: 60_000 }, () => {
  it('shows each name as a chip in its colour with readable text, and the tickets count', async () => {
    render(<TagsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const chip = within(row(1)).getByTestId('tag-chip');
    expect(chip.textContent).toBe('Urgente');
    expect(rgb(chip.style.color)).toBe('rgb(255, 255, 255)');
    expect(rgb(within(row(2)).getByTestId('tag-chip').style.color)).toBe('rgb(0, 0, 0)');
    expect(within(row(1)).getByTestId('tag-count').textContent).toBe('4');
  });

  it('gives a supervisor the kanban switch and delete; switching saves the flag', async () => {
    api.update.mockResolvedValue({ ...vip, kanban: 1 });
    render(<TagsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const sw = within(row(2)).getByTestId('tag-kanban-switch');
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(2, { name: 'VIP', kanban: true }));
    await waitFor(() => expect(within(row(2)).getByTestId('tag-kanban-switch').getAttribute('aria-checked')).toBe('true'));
    expect(within(row(1)).queryByTestId('tag-delete')).toBeTruthy();
  });

  it('shows a user neither the kanban switch nor delete, but edit', async () => {
    asUser('user');
    render(<TagsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByTestId('tag-kanban-switch')).toBeNull();
    expect(screen.queryByTestId('tag-delete')).toBeNull();
    expect(within(row(1)).getByTestId('tag-edit')).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    render(<TagsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(1)).getByTestId('tag-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('tag-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(1));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('applies live events and says when there is no tag yet', async () => {
    render(<TagsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => socketHandlers[0]!({ action: 'create', tag: { id: 3, name: 'Financeiro', color: '#1677ff', kanban: 0, ticketsCount: 0 } }));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['3', '1', '2']);
    act(() => socketHandlers[0]!({ action: 'update', tag: { ...urgente, ticketsCount: 5 } }));
    expect(within(row(1)).getByTestId('tag-count').textContent).toBe('5');
    for (const tagId of [1, 2, 3]) act(() => socketHandlers[0]!({ action: 'delete', tagId }));
    expect(screen.getByTestId('tags-table').textContent).toContain('Nenhuma tag ainda: crie a primeira.');
  });
});

describe('textOn', () => {
  it('picks black on light colours and white on dark ones, short forms too', () => {
    expect(['#fff', '#ffff00', '#999999', '#000', '#1677ff', '#f5222d', 'nope!'].map(textOn)).toEqual(['#000000', '#000000', '#000000', '#ffffff', '#ffffff', '#ffffff', '#ffffff']);
  });
});
