// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOutboxItem } from '@balcao/shared';
import { SimulatorChat, type SimLine } from './SimulatorChat';
import { viewOfOutbox, viewOfSent } from './simulator.logic';

afterEach(cleanup);

const item = (over: Partial<SandboxOutboxItem>): SandboxOutboxItem => ({
  id: 'W1',
  to: '5511988887777',
  body: '',
  ack: 2,
  createdAt: '2025-03-10T12:00:00.000Z',
  kind: 'text',
  media: null,
  quotedId: null,
  isForwarded: false,
  isEdited: false,
  isDeleted: false,
  reaction: '',
  ...over,
});
const received = (o: SandboxOutboxItem): SimLine => ({ ...o, direction: 'received', view: viewOfOutbox(o) });
const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Loja Balcão\nTEL;type=CELL;waid=551130001000:+55 11 3000-1000\nEND:VCARD';

const lines: SimLine[] = [
  { id: 'SIM-1', direction: 'sent', createdAt: '2025-03-10T11:59:00.000Z', view: viewOfSent({ body: 'Quero o boleto' }) },
  received(item({ id: 'W1', kind: 'text', body: 'Claro! Segue.', quotedId: 'SIM-1', reaction: '👍' })),
  received(item({ id: 'W2', kind: 'image', body: 'Nosso cardápio', media: { mimetype: 'image/jpeg', fileName: 'cardapio.jpg', caption: 'Nosso cardápio', size: 2048 } })),
  received(item({ id: 'W3', kind: 'document', body: 'boleto.pdf', media: { mimetype: 'application/pdf', fileName: 'boleto.pdf', size: 150 * 1024 } })),
  received(item({ id: 'W4', kind: 'ptt', body: '', media: { mimetype: 'audio/ogg; codecs=opus', size: 900 } })),
  received(item({ id: 'W5', kind: 'location', body: '|https://maps.google.com/maps?q=-15.79,-47.88|Loja Centro\nSetor Comercial Sul' })),
  received(item({ id: 'W6', kind: 'contact', body: vcard })),
  received(item({ id: 'W7', kind: 'text', body: 'Valor: R$ 10,00', isEdited: true })),
  received(item({ id: 'W8', kind: 'text', body: 'Mensagem errada', isDeleted: true, isForwarded: true })),
];

const bubble = (id: string) => screen.getAllByTestId('sim-received')[Number(id.slice(1)) - 1]!;

describe('SimulatorChat', () => {
  it('draws each kind the customer received', () => {
    render(<SimulatorChat lines={lines} emptyText="vazio" />);
    expect(screen.getAllByTestId('sim-received').map((b) => b.getAttribute('data-kind'))).toEqual([
      'text', 'image', 'document', 'ptt', 'location', 'contact', 'text', 'text',
    ]);

    expect(within(bubble('W2')).getByTestId('sim-kind').textContent).toContain('[imagem]');
    expect(within(bubble('W2')).getByTestId('sim-file-info').textContent).toContain('cardapio.jpg · 2 KB');
    expect(within(bubble('W2')).getByTestId('sim-text').textContent).toBe('Nosso cardápio');

    expect(bubble('W3').textContent).toContain('[documento]');
    expect(within(bubble('W3')).getByTestId('sim-file-info').textContent).toContain('boleto.pdf · 150 KB');
    expect(within(bubble('W3')).queryByTestId('sim-text')).toBeNull();

    expect(bubble('W4').textContent).toContain('[mensagem de voz]');
    expect(within(bubble('W4')).getByTestId('sim-file-info').textContent).toContain('audio/ogg; codecs=opus · 900 B');

    const link = within(bubble('W5')).getByTestId('sim-location-link');
    expect(link.getAttribute('href')).toBe('https://maps.google.com/maps?q=-15.79,-47.88');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(bubble('W5')).getByTestId('sim-text').textContent).toBe('Loja Centro\nSetor Comercial Sul');

    expect(within(bubble('W6')).getByTestId('sim-contact-card').textContent).toContain('Loja Balcão · 551130001000');
  });

  it('marks replies, reactions, edits, deletes and forwards', () => {
    render(<SimulatorChat lines={lines} emptyText="vazio" />);
    expect(within(bubble('W1')).getByTestId('sim-quoted').textContent).toBe('Em resposta a: Quero o boleto');
    expect(within(bubble('W1')).getByTestId('sim-reaction').textContent).toBe('👍');
    expect(within(bubble('W2')).queryByTestId('sim-reaction')).toBeNull();

    expect(within(bubble('W7')).getByTestId('sim-edited').textContent).toBe('Editada');
    expect(within(bubble('W1')).queryByTestId('sim-edited')).toBeNull();

    expect(within(bubble('W8')).getByTestId('sim-deleted').textContent).toContain('Mensagem apagada');
    expect(within(bubble('W8')).getByTestId('sim-text').textContent).toBe('Mensagem errada');
    expect(within(bubble('W8')).getByTestId('sim-forwarded')).toBeTruthy();
    expect(within(bubble('W7')).queryByTestId('sim-forwarded')).toBeNull();
    expect(within(bubble('W7')).queryByTestId('sim-deleted')).toBeNull();
  });

  it('says when a reply quotes a message it does not have', () => {
    render(<SimulatorChat lines={[received(item({ quotedId: 'GONE', body: 'ok' }))]} emptyText="vazio" />);
    expect(screen.getByTestId('sim-quoted').textContent).toBe('Em resposta a: uma mensagem');
  });

  it('shows the hint while empty', () => {
    render(<SimulatorChat lines={[]} emptyText="Escolha uma conexão" />);
    expect(screen.getByTestId('sim-chat').textContent).toContain('Escolha uma conexão');
  });
});
