// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it("shows the channel's reason under a failed message, and nothing under a delivered one carrying a stale reason", () => {
    render(<MessageBubble message={makeMessage({ id: 1, fromMe: true, ack: -1, errorDetail: '131047 Re-engagement message' })} />);
    render(<MessageBubble message={makeMessage({ id: 2, fromMe: true, ack: 3, errorDetail: 'old' })} />);
    const [failed, delivered] = screen.getAllByTestId('message');
    expect(failed?.querySelector('[data-testid="message-failure"]')?.textContent).toBe('Não enviada: 131047 Re-engagement message');
    expect(delivered?.querySelector('[data-testid="message-failure"]')).toBeNull();
  });

  it('read-only (the spy modal) has no menu and no right-click actions', () => {
    render(<MessageBubble message={makeMessage({ id: 1, body: 'Com menu' })} />);
    expect(screen.getAllByTestId('message-menu')).toHaveLength(1);
    cleanup();
    render(<MessageBubble message={makeMessage({ id: 2, body: 'Só leitura' })} readOnly />);
    expect(screen.getByText('Só leitura')).toBeTruthy();
    expect(screen.queryByTestId('message-menu')).toBeNull();
    fireEvent.contextMenu(screen.getByTestId('message'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('replaces a message deleted by the contact with the spec text', () => {
    render(<MessageBubble message={makeMessage({ isDeleted: true, body: 'segredo' })} />);
    expect(screen.getByText('Essa mensagem foi apagada pelo contato')).toBeTruthy();
    expect(screen.queryByText('segredo')).toBeNull();
  });
});

describe('MessageBubble kinds and labels', () => {
  afterEach(cleanup);

  it('names the connection that carried a reply when it is not the ticket\'s own (a Cloud fallback), and nothing otherwise', () => {
    render(<MessageBubble message={makeMessage({ id: 1, fromMe: true, ack: 1, body: 'Pelo oficial', whatsappId: 9 })} carriedBy="Oficial" />);
    render(<MessageBubble message={makeMessage({ id: 2, fromMe: true, ack: 1, body: 'Pelo celular', whatsappId: 3 })} />);
    expect(screen.getAllByTestId('message-carrier').map((e) => e.textContent?.trim())).toEqual(['via Oficial']);
  });

  it('labels forwarded and edited messages', () => {
    render(<MessageBubble message={makeMessage({ isForwarded: true, isEdited: true, body: 'Oi' })} />);
    expect(screen.getByTestId('message-forwarded').textContent).toContain('Encaminhada');
    expect(screen.getByTestId('message-edited').textContent).toBe('Editada');
  });

  it('an own deleted message says the agent deleted it, never its text', () => {
    render(<MessageBubble message={makeMessage({ fromMe: true, isDeleted: true, body: 'segredo' })} />);
    expect(screen.getByTestId('message-deleted').textContent).toBe('Você apagou esta mensagem');
    expect(screen.queryByText('segredo')).toBeNull();
  });

  it('draws a missed call with its icon and time', () => {
    render(<MessageBubble message={makeMessage({ id: 1, mediaType: 'call_log', body: 'Chamada de vídeo perdida às 14:05' })} />);
    render(<MessageBubble message={makeMessage({ id: 2, mediaType: 'call_log', body: 'Chamada de voz perdida às 09:10' })} />);
    const [video, voice] = screen.getAllByTestId('message-call');
    expect(video?.getAttribute('data-video')).toBe('true');
    expect(video?.textContent).toContain('Chamada de vídeo perdida às 14:05');
    expect(voice?.getAttribute('data-video')).toBe('false');
  });

  it('groups reactions into chips under the bubble, with counts and the agent’s own marked', () => {
    render(
      <MessageBubble
        message={makeMessage({
          reactions: [
            { emoji: '👍', fromMe: false, from: '5511999990000' },
            { emoji: '👍', fromMe: true, from: '5511000000000' },
            { emoji: '❤️', fromMe: false, from: '5511888880000' },
          ],
        })}
      />,
    );
    const chips = screen.getAllByTestId('reaction-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['👍2', '❤️']);
    expect(chips[0]?.getAttribute('data-mine')).toBe('true');
    expect(screen.getByTestId('message-reactions').getAttribute('aria-label')).toBe('Reações: 👍 2 ❤️');
  });

  it('shows the quoted message and asks to jump to it when clicked', () => {
    const onQuote = vi.fn();
    render(<MessageBubble message={makeMessage({ quotedMsg: { id: 7, body: 'pedido 123', fromMe: true, mediaType: null } })} onQuote={onQuote} />);
    const quoted = screen.getByTestId('message-quoted');
    expect(quoted.textContent).toContain('Você');
    expect(quoted.textContent).toContain('pedido 123');
    fireEvent.click(quoted);
    expect(onQuote).toHaveBeenCalledWith(7);
  });

  it('a quoted picture reads as its kind, not as raw data', () => {
    render(<MessageBubble message={makeMessage({ quotedMsg: { id: 7, body: '', fromMe: false, mediaType: 'image' } })} />);
    expect(screen.getByTestId('message-quoted').textContent).toContain('Imagem');
  });

  it('a contact card whose numbers have no WhatsApp id shows the spec button', () => {
    const outside = 'BEGIN:VCARD\nVERSION:3.0\nFN:Fora\nTEL;type=CELL:+55 11 3333-4444\nEND:VCARD';
    const inside = 'BEGIN:VCARD\nVERSION:3.0\nFN:Dentro\nTEL;type=CELL;waid=5511999998888:+55 11 99999-8888\nEND:VCARD';
    render(<MessageBubble message={makeMessage({ id: 1, mediaType: 'contact', body: outside })} />);
    expect(screen.getByTestId('contact-outside').textContent).toBe('CONTATO FORA DO WHATSAPP');
    cleanup();
    render(<MessageBubble message={makeMessage({ id: 2, mediaType: 'contact', body: inside })} />);
    expect(screen.queryByTestId('contact-outside')).toBeNull();
    expect(screen.getByText('Dentro')).toBeTruthy();
  });

  it('acks: one check when sent (1-2), two grey when delivered (3)', () => {
    render(<MessageBubble message={makeMessage({ id: 1, fromMe: true, ack: 2 })} />);
    render(<MessageBubble message={makeMessage({ id: 2, fromMe: true, ack: 3 })} />);
    const [sent, delivered] = screen.getAllByTestId('message');
    expect(sent?.querySelector('[aria-label="sent"]')).toBeTruthy();
    expect(delivered?.querySelectorAll('[aria-label="check"]').length).toBe(2);
  });
});
