// @vitest-environment happy-dom
// jsdom: the logic reads message bodies through the messages feature's door, whose stores open the session (localStorage).
import { describe, expect, it } from 'vitest';
import type { SandboxOutboxItem } from '@balcao/shared';
import {
  MAX_FILE_BYTES,
  base64Bytes,
  base64FromDataUrl,
  fileMessage,
  formatBytes,
  formatDuration,
  isLatitude,
  isLongitude,
  isTooBig,
  kindFromMime,
  lineOfSent,
  viewOfOutbox,
  viewOfSent,
} from './simulator.logic';

const out = (over: Partial<Pick<SandboxOutboxItem, 'kind' | 'body' | 'media'>>) => ({ kind: 'text' as const, body: '', media: null, ...over });

describe('kindFromMime', () => {
  it('sends pictures, videos and audio by their type and anything else as a document', () => {
    expect(kindFromMime('image/png')).toBe('image');
    expect(kindFromMime('IMAGE/JPEG')).toBe('image');
    expect(kindFromMime('video/mp4')).toBe('video');
    expect(kindFromMime('audio/ogg; codecs=opus')).toBe('audio');
    expect(kindFromMime('application/pdf')).toBe('document');
    expect(kindFromMime('text/plain')).toBe('document');
    expect(kindFromMime('')).toBe('document');
  });
});

describe('base64FromDataUrl', () => {
  it('drops the data: prefix and keeps the data whole', () => {
    expect(base64FromDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(base64FromDataUrl('data:application/octet-stream;base64,')).toBe('');
    expect(base64FromDataUrl('data:')).toBe('');
  });
});

describe('size limit', () => {
  it('refuses files over the limit, whose base64 would not fit the schema', () => {
    expect(isTooBig(MAX_FILE_BYTES)).toBe(false);
    expect(isTooBig(MAX_FILE_BYTES + 1)).toBe(true);
    expect(Math.ceil(MAX_FILE_BYTES / 3) * 4).toBeLessThanOrEqual(1_000_000);
  });

  it('tells the decoded size of base64 and formats it', () => {
    expect(base64Bytes('')).toBe(0);
    expect(base64Bytes('YQ==')).toBe(1);
    expect(base64Bytes('YWI=')).toBe(2);
    expect(base64Bytes('YWJj')).toBe(3);
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12 * 1024)).toBe('12 KB');
    expect(formatBytes(MAX_FILE_BYTES)).toBe('700 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('fileMessage', () => {
  it('sends the file with its kind, MIME type and name, the trimmed text as caption', () => {
    expect(fileMessage({ name: 'foto.png', type: 'image/png' }, 'AAAA', '  olha  ')).toEqual({
      kind: 'image',
      body: 'olha',
      media: { data: 'AAAA', mimetype: 'image/png', fileName: 'foto.png' },
    });
    expect(fileMessage({ name: 'x.bin', type: '' }, 'AA==', ' ')).toEqual({
      kind: 'document',
      media: { data: 'AA==', mimetype: 'application/octet-stream', fileName: 'x.bin' },
    });
  });
});

describe('coordinates', () => {
  it('accepts only numbers within range', () => {
    expect(isLatitude(-15.79)).toBe(true);
    expect(isLatitude(91)).toBe(false);
    expect(isLatitude(null)).toBe(false);
    expect(isLatitude(Number.NaN)).toBe(false);
    expect(isLongitude(-180)).toBe(true);
    expect(isLongitude(180.1)).toBe(false);
  });
});

describe('viewOfOutbox', () => {
  it('shows text as text', () => {
    expect(viewOfOutbox(out({ body: 'Olá' }))).toEqual({ kind: 'text', text: 'Olá', file: null, location: null, contacts: [] });
  });

  it('shows media with its caption, name and size', () => {
    const media = { mimetype: 'image/jpeg', fileName: 'a.jpg', caption: 'Segue', size: 2048 };
    expect(viewOfOutbox(out({ kind: 'image', body: 'Segue', media }))).toMatchObject({ kind: 'image', text: 'Segue', file: { name: 'a.jpg', mimetype: 'image/jpeg', size: 2048 } });
    // A document's body is its file name, not a caption.
    const doc = viewOfOutbox(out({ kind: 'document', body: 'boleto.pdf', media: { mimetype: 'application/pdf', size: 10 } }));
    expect(doc).toMatchObject({ text: '', file: { name: 'boleto.pdf' } });
    expect(viewOfOutbox(out({ kind: 'ptt', body: 'audio.ogg', media: { mimetype: 'audio/ogg', size: 5 } })).text).toBe('');
  });

  it('reads a location body (image|link|description)', () => {
    const v = viewOfOutbox(out({ kind: 'location', body: '|https://maps.google.com/?q=1,2|Loja Centro' }));
    expect(v).toMatchObject({ kind: 'location', text: 'Loja Centro', location: { link: 'https://maps.google.com/?q=1,2' } });
    expect(viewOfOutbox(out({ kind: 'location', body: '||' })).location).toEqual({ link: null });
  });

  it('reads each card of a contact body', () => {
    const card = (n: string, waid: string) => `BEGIN:VCARD\nVERSION:3.0\nFN:${n}\nTEL;type=CELL;waid=${waid}:+${waid}\nEND:VCARD`;
    expect(viewOfOutbox(out({ kind: 'contact', body: card('Ana', '5511988887777') })).contacts).toEqual([{ name: 'Ana', number: '5511988887777' }]);
    expect(viewOfOutbox(out({ kind: 'contacts', body: `${card('Ana', '551100000001')}\n${card('Bia', '551100000002')}` })).contacts.map((c) => c.name)).toEqual(['Ana', 'Bia']);
  });
});

describe('viewOfSent', () => {
  it('shows what the customer sent without keeping the bytes', () => {
    expect(viewOfSent({ body: 'oi' })).toMatchObject({ kind: 'text', text: 'oi', file: null });
    expect(viewOfSent({ kind: 'image', body: 'cap', media: { data: 'YWJj', mimetype: 'image/png', fileName: 'f.png' } })).toMatchObject({
      kind: 'image',
      text: 'cap',
      file: { name: 'f.png', mimetype: 'image/png', size: 3 },
    });
    expect(viewOfSent({ kind: 'location', latitude: -15.7939, longitude: -47.8828, body: 'Loja' })).toMatchObject({
      text: 'Loja',
      location: { link: 'https://www.google.com/maps?q=-15.7939,-47.8828' },
    });
    expect(viewOfSent({ kind: 'contact', contact: { name: 'Ana', number: '5511988887777' } }).contacts).toEqual([{ name: 'Ana', number: '5511988887777' }]);
  });
});

describe('lineOfSent', () => {
  it('draws a stored message of the customer by its kind; kinds without a bubble show as text', () => {
    const base = { id: 'S', createdAt: '2026-01-01T00:00:00.000Z', media: null, reaction: '', isEdited: false, isDeleted: false };
    expect(lineOfSent({ ...base, kind: 'call_log', body: 'Chamada de voz perdida às 10:00' }).view).toMatchObject({ kind: 'text', text: 'Chamada de voz perdida às 10:00' });
    const doc = lineOfSent({ ...base, kind: 'document', body: 'boleto.pdf', media: { mimetype: 'application/pdf', fileName: 'boleto.pdf', size: 10 } });
    expect(doc.view).toMatchObject({ kind: 'document', text: '', file: { name: 'boleto.pdf', size: 10 } });
    expect(doc.direction).toBe('sent');
  });
});

describe('formatDuration', () => {
  it('reads as minutes and two-digit seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(83)).toBe('1:23');
  });
});
