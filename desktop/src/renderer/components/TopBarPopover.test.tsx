// @vitest-environment happy-dom
import '../test/dom';
import { BellOutlined } from '@ant-design/icons';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopBarItemHeading, TopBarItemPreview, TopBarPopover, TopBarPopoverItem } from './TopBarPopover';
import type { TopBarPopoverProps } from './TopBarPopover';

configure({ asyncUtilTimeout: 8000 });
afterEach(cleanup);

const testIds = { button: 'tb-button', badge: 'tb-badge', list: 'tb-list' };
type Props = Partial<Omit<TopBarPopoverProps, 'open' | 'onOpenChange'>> & { rows?: string[]; onRow?: (row: string) => void };
const Harness = ({ rows = [], onRow, ...props }: Props) => {
  const [open, setOpen] = useState(false);
  return (
    <TopBarPopover
      title="Avisos"
      icon={<BellOutlined />}
      open={open}
      onOpenChange={setOpen}
      badge={{ count: rows.length }}
      testIds={testIds}
      loading={false}
      empty={rows.length === 0}
      emptyText="Nada por aqui"
      {...props}
    >
      {rows.map((row) => (
        <TopBarPopoverItem key={row} vertical data-testid="tb-row" data-id={row} onActivate={onRow ? () => onRow(row) : undefined}>
          <TopBarItemHeading title={row} at="2030-01-01T10:00:00.000Z" />
          <TopBarItemPreview text={`sobre ${row}`} unread={2} />
        </TopBarPopoverItem>
      ))}
    </TopBarPopover>
  );
};
const openIt = () => fireEvent.click(screen.getByTestId('tb-button'));

describe('TopBarPopover', { timeout: 60_000 }, () => {
  it('counts on the button, names it, and lists focusable rows that open on click or Enter', async () => {
    const onRow = vi.fn();
    render(<Harness rows={['a', 'b']} onRow={onRow} />);
    expect(screen.getByTestId('tb-badge').querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2');
    expect(screen.getByRole('button', { name: 'Avisos' })).toBe(screen.getByTestId('tb-button'));
    openIt();
    const rows = await screen.findAllByTestId('tb-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['a', 'b']);
    expect(rows.every((r) => r.getAttribute('role') === 'listitem' && r.tabIndex === 0)).toBe(true);
    expect(screen.getByRole('list')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('sobre a');
    fireEvent.click(rows[0]!);
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    fireEvent.keyDown(rows[1]!, { key: 'a' });
    expect(onRow.mock.calls).toEqual([['a'], ['b']]);
  });

  it('shows a spinner while loading, the empty text with no rows, and a spinner under the rows while more load', async () => {
    const { rerender } = render(<Harness loading />);
    openIt();
    await waitFor(() => expect(screen.getByTestId('tb-list').querySelector('.ant-spin')).toBeTruthy());
    expect(screen.getByTestId('tb-list').textContent).not.toContain('Nada por aqui');
    rerender(<Harness />);
    await waitFor(() => expect(screen.getByTestId('tb-list').textContent).toContain('Nada por aqui'));
    expect(screen.getByTestId('tb-list').querySelector('.ant-spin')).toBeNull();
    rerender(<Harness rows={['a']} loadingMore />);
    await waitFor(() => expect(screen.getAllByTestId('tb-row')).toHaveLength(1));
    expect(screen.getByRole('list').querySelector('.ant-spin')).toBeTruthy();
  });

  it('can show a dot with extra attributes instead of a count, and a footer link', async () => {
    const onFooter = vi.fn();
    render(<Harness rows={['a']} badge={{ dot: true }} badgeAttributes={{ 'data-unread': 1 }} footer={{ label: 'Abrir tudo', onClick: onFooter, testId: 'tb-footer' }} />);
    const badge = screen.getByTestId('tb-badge');
    expect(badge.getAttribute('data-unread')).toBe('1');
    expect(badge.querySelector('.ant-badge-dot')).toBeTruthy();
    expect(badge.querySelector('.ant-badge-count')).toBeNull();
    openIt();
    fireEvent.click(await screen.findByTestId('tb-footer'));
    expect(onFooter).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('tb-footer').textContent).toBe('Abrir tudo');
  });
});
