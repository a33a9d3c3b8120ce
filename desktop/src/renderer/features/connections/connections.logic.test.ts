import { describe, expect, it } from 'vitest';
import type { WhatsappDto } from '@balcao/shared';
import { actionsFor, applySession, formatPhone, formatUpdatedAt, needsAttention, refreshConnection, removeConnection, upsertConnection } from './connections.logic';
import { makeConnection } from './connections.fixtures';
import { initialValues, toBody } from './connections.form';

describe('formatPhone', () => {
  it('formats 12 and 13 digit numbers and drops @c.us', () => {
    expect(formatPhone('551133334444')).toBe('+55 (11) 3333-4444');
    expect(formatPhone('5511999990000@c.us')).toBe('+55 (11) 99999-0000');
    expect(formatPhone('5511999990000')).toBe('+55 (11) 99999-0000');
  });
  it('leaves other shapes alone', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('12345@c.us')).toBe('12345');
  });
});

describe('formatUpdatedAt', () => {
  it('shows dd/MM/yy HH:mm in local time', () => {
    const d = new Date(2025, 2, 9, 7, 5);
    expect(formatUpdatedAt(d.toISOString())).toBe('09/03/25 07:05');
    expect(formatUpdatedAt('nope')).toBe('');
  });
});

describe('actionsFor', () => {
  it('follows the spec table', () => {
    expect(actionsFor('qrcode')).toEqual(['qr']);
    expect(actionsFor('DISCONNECTED')).toEqual(['retry', 'newqr']);
    for (const s of ['CONNECTED', 'PAIRING', 'TIMEOUT'] as const) expect(actionsFor(s)).toEqual(['disconnect']);
    expect(actionsFor('OPENING')).toEqual(['connecting']);
  });
});

describe('needsAttention', () => {
  it('is true for any status but CONNECTED', () => {
    expect(needsAttention([])).toBe(false);
    expect(needsAttention([{ status: 'CONNECTED' }])).toBe(false);
    for (const s of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) expect(needsAttention([{ status: 'CONNECTED' }, { status: s }])).toBe(true);
  });
});

describe('list updates', () => {
  const a = makeConnection({ id: 1 });
  const b = makeConnection({ id: 2, name: 'B' });
  it('upserts by id in id order and removes', () => {
    const list: WhatsappDto[] = upsertConnection([b], a);
    expect(list.map((w) => w.id)).toEqual([1, 2]);
    expect(upsertConnection(list, { ...b, name: 'B2' })[1]!.name).toBe('B2');
    expect(removeConnection(list, 1).map((w) => w.id)).toEqual([2]);
  });
  it('applies a session update to its connection only', () => {
    const out = applySession([a, b], { id: 2, name: 'B', status: 'qrcode', qrcode: 'QR', retries: 1, updatedAt: '2025-03-10T12:00:01.000Z' });
    expect(out[1]).toMatchObject({ status: 'qrcode', qrcode: 'QR', retries: 1, updatedAt: '2025-03-10T12:00:01.000Z' });
    expect(out[0]).toBe(a);
  });
  it('never lets an older state replace a newer one', () => {
    const live = makeConnection({ id: 2, status: 'qrcode', qrcode: 'QR', updatedAt: '2025-03-10T12:00:05.000Z' });
    // The answer to "new QR code" (OPENING) arrives after the QR event it caused.
    const answer = makeConnection({ id: 2, status: 'OPENING', updatedAt: '2025-03-10T12:00:04.000Z' });
    expect(upsertConnection([live], answer)[0]).toBe(live);
    expect(refreshConnection([live], answer)[0]).toBe(live);
    expect(applySession([live], { id: 2, name: 'B', status: 'OPENING', qrcode: '', retries: 0, updatedAt: answer.updatedAt })[0]).toBe(live);
    const same = { ...live, number: '551133334444' };
    expect(upsertConnection([live], same)[0]).toBe(same);
    expect(refreshConnection([live], same)[0]).toBe(same);
  });
  it('keeps one default: a new or updated default takes the flag from the others', () => {
    const old = makeConnection({ id: 1, isDefault: true });
    const other = makeConnection({ id: 2, isDefault: false });
    const added = upsertConnection([old, other], makeConnection({ id: 3, isDefault: true }));
    expect(added.map((w) => [w.id, w.isDefault])).toEqual([[1, false], [2, false], [3, true]]);
    const moved = upsertConnection(added, { ...other, isDefault: true, updatedAt: '2025-03-10T12:00:09.000Z' });
    expect(moved.map((w) => [w.id, w.isDefault])).toEqual([[1, false], [2, true], [3, false]]);
    // A non-default update touches no one else; an older (ignored) default takes nothing.
    expect(upsertConnection(moved, { ...moved[0]!, name: 'x' }).map((w) => w.isDefault)).toEqual([false, true, false]);
    expect(upsertConnection(moved, { ...other, isDefault: true, updatedAt: '2025-01-01T00:00:00.000Z', id: 3 }).map((w) => w.isDefault)).toEqual([false, true, false]);
  });
  it('refreshes listed connections only (a deleted one stays out)', () => {
    expect(refreshConnection([a], { ...b, name: 'B2' })).toEqual([a]);
    expect(refreshConnection([a, b], { ...b, name: 'B2' })[1]!.name).toBe('B2');
  });
});

describe('the dialog body: the Cloud fallback (decision 0411)', () => {
  it('sends the chosen fallback for a phone connection, none for a Cloud one, null when cleared', () => {
    const phone = { ...initialValues(makeConnection({ id: 3, provider: 'baileys', fallbackWhatsappId: 9 })) };
    expect(phone.fallbackWhatsappId).toBe(9);
    expect(toBody(phone).fallbackWhatsappId).toBe(9);
    expect(toBody({ ...phone, fallbackWhatsappId: undefined as unknown as null }).fallbackWhatsappId).toBeNull();
    expect(toBody({ ...phone, provider: 'cloud' }).fallbackWhatsappId).toBeNull();
    expect(initialValues(null).fallbackWhatsappId).toBeNull();
  });
});
