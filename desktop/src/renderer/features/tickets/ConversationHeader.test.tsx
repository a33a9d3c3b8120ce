// @vitest-environment jsdom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTicket } from '../../test/fixtures';
import { usePresence } from './tickets.presence';
import { ConversationHeader } from './ConversationHeader';

afterEach(() => {
  cleanup();
  usePresence.getState().clearAll();
});

describe('ConversationHeader', () => {
  it("shows the customer's typing in place of the assignee line while it lasts", () => {
    const ticket = makeTicket();
    render(
      <MemoryRouter>
        <ConversationHeader ticket={ticket} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('conversation-presence')).toBeNull();
    act(() => usePresence.getState().set(ticket.id, 'recording'));
    expect(screen.getByTestId('conversation-presence').textContent).toBe('Gravando...');
    act(() => usePresence.getState().set(ticket.id + 1, 'composing'));
    expect(screen.getByTestId('conversation-presence').textContent).toBe('Gravando...');
    act(() => usePresence.getState().set(ticket.id, null));
    expect(screen.queryByTestId('conversation-presence')).toBeNull();
  });
});
