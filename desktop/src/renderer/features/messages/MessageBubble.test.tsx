// @vitest-environment jsdom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMessage } from '../../test/fixtures';
import { MessageBubble } from './MessageBubble';

describe('MessageBubble', () => {
  afterEach(cleanup);

  it('marks own messages with their ack and a read (blue) double check at ack 4', () => {
    render(<MessageBubble message={makeMessage({ fromMe: true, ack: 4, body: 'Tudo certo' })} />);
    const bubble = screen.getByTestId('message');
    expect(bubble.getAttribute('data-from-me')).toBe('true');
    expect(bubble.getAttribute('data-ack')).toBe('4');
    expect(bubble.querySelectorAll('[aria-label="check"]').length).toBe(2);
  });

  it('shows the clock for a pending message and the error icon for a failed one', () => {
    render(<MessageBubble message={makeMessage({ id: 1, fromMe: true, ack: 0 })} />);
    render(<MessageBubble message={makeMessage({ id: 2, fromMe: true, ack: -1 })} />);
    const [pending, failed] = screen.getAllByTestId('message');
    expect(pending?.querySelector('[aria-label="pending"]')).toBeTruthy();
    expect(failed?.querySelector('[aria-label="failed"]')).toBeTruthy();
  });

  it('replaces a message deleted by the contact with the spec text', () => {
    render(<MessageBubble message={makeMessage({ isDeleted: true, body: 'segredo' })} />);
    expect(screen.getByText('Essa mensagem foi apagada pelo contato')).toBeTruthy();
    expect(screen.queryByText('segredo')).toBeNull();
  });
});
