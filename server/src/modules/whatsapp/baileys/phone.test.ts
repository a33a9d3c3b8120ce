import { describe, expect, it } from 'vitest';
import { normalizePhone } from '@balcao/shared';
import { jidUser, phoneDigits, pnJidCandidates, resolveUserJid, toPnJid } from './phone';

describe('jidUser', () => {
  it('drops device and agent', () => {
    expect(jidUser('5561981234567:12@s.whatsapp.net')).toBe('5561981234567');
    expect(jidUser('201234567890123:3@lid')).toBe('201234567890123');
    expect(jidUser('not-a-jid')).toBe('');
    expect(jidUser(undefined)).toBe('');
  });
});

describe('phoneDigits', () => {
  it('takes a PN JID or text, normalized for the 9th digit', () => {
    expect(phoneDigits('556181234567@s.whatsapp.net')).toBe('5561981234567');
    expect(phoneDigits('556181234567:5@s.whatsapp.net')).toBe('5561981234567');
    expect(phoneDigits('+55 61 8123-4567')).toBe('5561981234567');
    expect(phoneDigits('556132345678@s.whatsapp.net')).toBe('556132345678');
  });
});

describe('resolveUserJid', () => {
  it('PN JID: its digits, normalized; a LID alternative is kept', () => {
    expect(resolveUserJid('556181234567@s.whatsapp.net', undefined)).toStrictEqual({ digits: '5561981234567', isLid: false });
    expect(resolveUserJid('556181234567@s.whatsapp.net', '201234567890123@lid')).toStrictEqual({ digits: '5561981234567', isLid: false, lid: '201234567890123' });
  });

  it('legacy c.us and hosted PN JIDs count as phone numbers', () => {
    expect(resolveUserJid('556181234567@c.us', undefined)).toStrictEqual({ digits: '5561981234567', isLid: false });
    expect(resolveUserJid('201234567890123@hosted.lid', '556181234567@hosted')).toStrictEqual({ digits: '5561981234567', isLid: false, lid: '201234567890123' });
  });

  it('LID with a PN alternative: the phone', () => {
    expect(resolveUserJid('201234567890123@lid', '556181234567@s.whatsapp.net')).toStrictEqual({ digits: '5561981234567', isLid: false, lid: '201234567890123' });
  });

  it('LID without alternative: lidToPhone (JID or digits)', () => {
    expect(resolveUserJid('201234567890123@lid', undefined, () => '556181234567@s.whatsapp.net')).toStrictEqual({ digits: '5561981234567', isLid: false, lid: '201234567890123' });
    expect(resolveUserJid('201234567890123@lid', null, () => '5561981234567')).toStrictEqual({ digits: '5561981234567', isLid: false, lid: '201234567890123' });
  });

  it('LID nobody knows: the LID digits, flagged', () => {
    expect(resolveUserJid('201234567890123@lid', undefined, () => null)).toStrictEqual({ digits: '201234567890123', isLid: true, lid: '201234567890123' });
  });

  it('an alternative (or lookup) that is our own number is discarded', () => {
    const self = '5561999990000@s.whatsapp.net';
    expect(resolveUserJid('201234567890123@lid', self, undefined, self)).toStrictEqual({ digits: '201234567890123', isLid: true, lid: '201234567890123' });
    expect(resolveUserJid('201234567890123@lid', self, () => '556181234567', '5561999990000')).toStrictEqual({ digits: '5561981234567', isLid: false, lid: '201234567890123' });
  });

  it('a LID as the alternative of a LID is not a phone', () => {
    expect(resolveUserJid('201234567890123@lid', '209876543210987@lid')).toStrictEqual({ digits: '201234567890123', isLid: true, lid: '201234567890123' });
  });
});

describe('toPnJid / pnJidCandidates', () => {
  it('digits to a PN JID, as given', () => {
    expect(toPnJid('5561981234567')).toBe('5561981234567@s.whatsapp.net');
    expect(toPnJid('+55 61 98123-4567')).toBe('5561981234567@s.whatsapp.net');
  });

  it('Brazilian mobiles: both forms to ask onWhatsApp about, normalized first', () => {
    expect(pnJidCandidates('5561981234567')).toEqual(['5561981234567@s.whatsapp.net', '556181234567@s.whatsapp.net']);
    expect(pnJidCandidates('556181234567')).toEqual(['5561981234567@s.whatsapp.net', '556181234567@s.whatsapp.net']);
  });

  it('landlines and other countries: one candidate', () => {
    expect(pnJidCandidates('556132345678')).toEqual(['556132345678@s.whatsapp.net']);
    expect(pnJidCandidates('14155550123')).toEqual(['14155550123@s.whatsapp.net']);
  });
});

describe('one canonical form with typed numbers (decision 0032)', () => {
  it('a WhatsApp address, with or without the 9th digit, gives the digits a typed contact is stored under', () => {
    const typed = normalizePhone('+55 (11) 98888-7777');
    expect(resolveUserJid('551188887777@s.whatsapp.net', undefined).digits).toBe(typed);
    expect(resolveUserJid('5511988887777@s.whatsapp.net', undefined).digits).toBe(typed);
    expect(resolveUserJid('123456789012345@lid', '551188887777@s.whatsapp.net').digits).toBe(typed);
  });
});
