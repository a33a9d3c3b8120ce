// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementDto, WireChannels } from '@balcao/shared';
import { announcementsApi } from './announcements.api';
import { AnnouncementsPopover } from './AnnouncementsPopover';

vi.mock('./announcements.api', () => ({ announcementsApi: { activePage: vi.fn(), mediaBlob: vi.fn(async () => new Blob(['x'])) } }));
const handlers: { channel: string; h: (p: WireChannels['announcement']) => void }[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (channel: string, h: (p: WireChannels['announcement']) => void) => {
    const entry = { channel, h };
    handlers.push(entry);
    return () => handlers.splice(handlers.indexOf(entry), 1);
  },
}));
const api = vi.mocked(announcementsApi);
configure({ asyncUtilTimeout: 8000 });

const ann = (id: number, title: string, priority = 3, createdAt = `2030-01-0${id}T10:00:00.000Z`): AnnouncementDto => ({
  id,
  title,
  text: `Texto ${title}`,
  priority,
  status: true,
  mediaPath: '',
  mediaName: '',
  createdAt,
  updatedAt: createdAt,
});
const items = () => screen.queryAllByTestId('announcement-item');

beforeEach(() => {
  api.activePage.mockResolvedValue({ records: [ann(2, 'Novidade', 3), ann(1, 'Manutenção', 1)], count: 2, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AnnouncementsPopover', { timeout: 60_000 }, () => {
  it('counts the active announcements, lists them newest first with their priority, and follows the live channel', async () => {
    render(<AnnouncementsPopover />);
    await waitFor(() => expect(screen.getByTestId('announcements-count').textContent).toContain('2'));
    fireEvent.click(screen.getByTestId('announcements-button'));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items().map((i) => i.getAttribute('data-priority'))).toEqual(['3', '1']);
    expect(items()[1]!.textContent).toContain('Manutenção');
    expect(handlers.map((x) => x.channel)).toEqual(['announcement']);

    // A new one from the super user arrives on top; an inactive or deleted one leaves.
    act(() => handlers[0]!.h({ action: 'create', record: ann(3, 'Urgente', 1) }));
    expect(items().map((i) => i.getAttribute('data-id'))).toEqual(['3', '2', '1']);
    expect(screen.getByTestId('announcements-count').textContent).toContain('3');
    act(() => handlers[0]!.h({ action: 'update', record: { ...ann(2, 'Novidade'), status: false } }));
    expect(items().map((i) => i.getAttribute('data-id'))).toEqual(['3', '1']);
    act(() => handlers[0]!.h({ action: 'delete', id: 1 }));
    expect(items().map((i) => i.getAttribute('data-id'))).toEqual(['3']);
  });

  it("shows the spec's empty state", async () => {
    api.activePage.mockResolvedValue({ records: [], count: 0, hasMore: false });
    render(<AnnouncementsPopover />);
    fireEvent.click(screen.getByTestId('announcements-button'));
    await waitFor(() => expect(screen.getByTestId('announcements-popover-list').textContent).toContain('Nenhum informativo'));
  });
});
