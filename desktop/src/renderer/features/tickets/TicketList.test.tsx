// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { makeTicket } from '../../test/fixtures';
import { TicketList } from './TicketList';

afterEach(cleanup);

const signIn = (profile: 'admin' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 7, name: 'Ana', profile, super: false, companyId: 1, queues: [] } as unknown as SessionUserDto });

const renderList = (props: Partial<Parameters<typeof TicketList>[0]> = {}) => {
  const onLoadMore = vi.fn();
  render(
    <MemoryRouter>
      <TicketList tickets={[makeTicket({ id: 1, status: 'open' })]} loading={false} hasMore onLoadMore={onLoadMore} testId="list" {...props} />
    </MemoryRouter>,
  );
  const el = screen.getByTestId('list');
  Object.defineProperty(el, 'scrollHeight', { value: 1000, configurable: true });
  Object.defineProperty(el, 'clientHeight', { value: 400, configurable: true });
  const scrollTo = (top: number) => {
    el.scrollTop = top;
    fireEvent.scroll(el);
  };
  return { onLoadMore, scrollTo };
};

describe('TicketList', () => {
  it('asks for the next page only within 100 px of the bottom, while there is more and nothing loading', () => {
    signIn('user');
    const { onLoadMore, scrollTo } = renderList();
    scrollTo(499); // 101 px left
    expect(onLoadMore).not.toHaveBeenCalled();
    scrollTo(501); // 99 px left
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    cleanup();
    const busy = renderList({ loading: true });
    busy.scrollTo(600);
    cleanup();
    const done = renderList({ hasMore: false });
    done.scrollTo(600);
    expect(busy.onLoadMore).not.toHaveBeenCalled();
    expect(done.onLoadMore).not.toHaveBeenCalled();
  });

  it("shows the spec's empty text, and the spy eye to admins only", () => {
    signIn('user');
    renderList({ tickets: [] });
    expect(screen.getByText('No tickets')).toBeTruthy();
    cleanup();
    renderList();
    expect(screen.queryByTestId('spy-button')).toBeNull();
    cleanup();
    signIn('admin');
    renderList();
    expect(screen.getByTestId('spy-button')).toBeTruthy();
  });
});
