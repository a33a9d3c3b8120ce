// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketsPage } from './TicketsPage';

vi.mock('../messages', () => ({ Conversation: ({ uuid }: { uuid: string }) => <div data-testid="conversation-stub">{uuid}</div> }));
vi.mock('./TicketsManager', () => ({ TicketsManager: () => <div data-testid="manager-stub" /> }));
vi.mock('../../lib/socket', () => ({ listen: () => () => undefined, emit: () => undefined, onReady: () => () => undefined }));

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/tickets/:uuid?" element={<TicketsPage />} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('TicketsPage on a narrow screen (issue 10 item 9)', () => {
  it('puts the active tab in a flex pane of definite height (flex 1, min-height 0) so only the messages scroll; both panes stay mounted', () => {
    renderAt('/tickets/abc');
    const root = screen.getByTestId('tickets-narrow');
    expect(root.style.display).toBe('flex');
    expect(root.style.flexDirection).toBe('column');
    expect(root.style.height).toBe('100%');
    const ticketPane = screen.getByTestId('narrow-ticket-pane');
    const listPane = screen.getByTestId('narrow-list-pane');
    for (const pane of [ticketPane, listPane]) {
      expect(pane.style.flex).toMatch(/^1/);
      expect(pane.style.minHeight).toMatch(/^0(px)?$/);
    }
    expect(ticketPane.style.display).toBe('flex');
    expect(listPane.style.display).toBe('none');
    expect(ticketPane.contains(screen.getByTestId('conversation-stub'))).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Atendimentos' }));
    expect(ticketPane.style.display).toBe('none');
    expect(listPane.style.display).toBe('flex');
    // The conversation is kept (its scroll position and draft too).
    expect(screen.getByTestId('conversation-stub')).toBeTruthy();
  });

  it('starts on the list when no ticket is chosen', () => {
    renderAt('/tickets');
    expect(screen.getByTestId('narrow-list-pane').style.display).toBe('flex');
    expect(screen.getByTestId('narrow-ticket-pane').style.display).toBe('none');
  });
});
