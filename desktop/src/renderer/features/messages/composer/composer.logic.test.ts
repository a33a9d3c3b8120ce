import { describe, expect, it } from 'vitest';
import type { QuickMessageDto } from '@balcao/shared';
import { makeTicket } from '../../../test/fixtures';
import { fillVariables, formatElapsed, formatSize, matchQuickReplies, quickLabel, quickQuery, replyBlocker, signBody } from './composer.logic';

const agent = { id: 7, profile: 'user' as const, super: false };
const qm = (over: Partial<QuickMessageDto>): QuickMessageDto => ({
  id: 1, shortcode: 'oi', message: 'Olá', geral: false, status: true, isMedia: false, mediaPath: null, mediaName: null,
  userId: 7, companyId: 1, createdAt: '', updatedAt: '', ...over,
});

describe('replyBlocker', () => {
  it('lets the agent holding an open ticket write, and admins on any open ticket', () => {
    expect(replyBlocker(makeTicket({ status: 'open', userId: 7 }), agent)).toBeNull();
    expect(replyBlocker(makeTicket({ status: 'open', userId: 8 }), { ...agent, profile: 'admin' as const })).toBeNull();
  });
  it('names why not: closed, not accepted yet, another agent’s', () => {
    expect(replyBlocker(makeTicket({ status: 'closed', userId: 7 }), agent)).toBe('closed');
    expect(replyBlocker(makeTicket({ status: 'pending', userId: null }), agent)).toBe('accept');
    expect(replyBlocker(makeTicket({ status: 'attending', userId: 7 }), agent)).toBe('accept');
    expect(replyBlocker(makeTicket({ status: 'open', userId: 8 }), agent)).toBe('notYours');
    expect(replyBlocker(makeTicket({ status: 'open', userId: 8 }), { ...agent, profile: 'supervisor' as const })).toBe('notYours');
  });
});

describe('signBody', () => {
  it('prefixes the agent’s name in bold when on, leaves the text alone when off or empty', () => {
    expect(signBody('Olá', true, 'Ana Lima')).toBe('*Ana Lima:*\nOlá');
    expect(signBody('Olá', false, 'Ana Lima')).toBe('Olá');
    expect(signBody('', true, 'Ana Lima')).toBe('');
    expect(signBody('Olá', true, undefined)).toBe('Olá');
  });
});

describe('quick replies', () => {
  it('asks only when the input starts with / and is longer than one character', () => {
    expect(quickQuery('/')).toBeNull();
    expect(quickQuery('a/b')).toBeNull();
    expect(quickQuery('/Bo')).toBe('bo');
  });
  it('matches shortcode or message, case-insensitively', () => {
    const all = [qm({ id: 1, shortcode: 'bomdia', message: 'Bom dia!' }), qm({ id: 2, shortcode: 'pix', message: 'Nossa chave PIX' }), qm({ id: 3, shortcode: 'tchau', message: 'Até logo' })];
    expect(matchQuickReplies(all, 'pix').map((q) => q.id)).toEqual([2]);
    expect(matchQuickReplies(all, 'bom').map((q) => q.id)).toEqual([1]);
    expect(matchQuickReplies(all, 'zzz')).toEqual([]);
  });
  it('labels `shortcode - message` cut after 35 characters', () => {
    expect(quickLabel(qm({ shortcode: 'oi', message: 'Olá' }))).toBe('oi - Olá');
    const long = quickLabel(qm({ shortcode: 'horario', message: 'Nosso horário de atendimento é de segunda a sexta' }));
    expect(long).toBe('horario - Nosso horário de atendime...');
    expect(long.length).toBe(38);
  });
});

describe('fillVariables', () => {
  const facts = (h: number) => ({ contactName: 'Maria Souza', ticketId: 42, now: new Date(2025, 2, 10, h, 5) });
  it('fills the short and long forms as the server does', () => {
    expect(fillVariables('{{ms}} {{firstName}}, protocolo {{protocol}} às {{hora}}', facts(9))).toBe('Bom dia Maria, protocolo 42 às 09:05');
    expect(fillVariables('{{greeting}} {{contactName}} #{{protocolNumber}} {{date}} {{hour}} {{contactFirstName}} {{name}}', facts(14))).toBe(
      'Boa tarde Maria Souza #42 10/03/2025 14:05 Maria Maria Souza',
    );
    expect(fillVariables('{{ms}}', facts(19))).toBe('Boa noite');
  });
  it('leaves unknown variables as typed', () => {
    expect(fillVariables('{{unknown}} {{ name }}', facts(9))).toBe('{{unknown}} Maria Souza');
  });
});

describe('formatting', () => {
  it('sizes and elapsed time', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
  });
});
