import { describe, expect, it } from 'vitest';
import { captionOf, downloadNameOf, parseLocationBody, parseVcard, previewOf, storedFileName, formatBytes, formatDuration } from './media.logic';

const THUMB = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2w==';
const MAPS = 'https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17';

describe('parseLocationBody', () => {
  it('splits thumbnail, maps link and a two-line description', () => {
    expect(parseLocationBody(`${THUMB}|${MAPS}|Padaria Central\nRua Augusta, 100`)).toEqual({
      image: THUMB,
      link: MAPS,
      description: 'Padaria Central\nRua Augusta, 100',
    });
  });

  it('reads a location without thumbnail nor description', () => {
    expect(parseLocationBody(`|${MAPS}`)).toEqual({ image: null, link: MAPS, description: '' });
  });

  it('drops a link that is not http(s) and an image that is not a base64 picture', () => {
    expect(parseLocationBody('data:text/html;base64,PHNjcmlwdD4=|javascript:alert(1)|x')).toEqual({ image: null, link: null, description: 'x' });
  });
});

const ANA = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nTEL;type=CELL;type=VOICE;waid=5561988887777:+55 61 98888-7777\nEND:VCARD';
const BRUNO = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bruno Dias\nTEL;type=CELL;type=VOICE;waid=5511977776666:+55 11 97777-6666\nEND:VCARD';

describe('parseVcard', () => {
  it('reads the name and number of the card the server stores', () => {
    expect(parseVcard(ANA)).toEqual([{ name: 'Ana Lima', phones: [{ display: '+55 61 98888-7777', waid: '5561988887777' }] }]);
  });

  it('reads every card of a contacts body (vcards joined by a newline)', () => {
    expect(parseVcard(`${ANA}\n${BRUNO}`).map((c) => [c.name, c.phones[0]?.waid])).toEqual([
      ['Ana Lima', '5561988887777'],
      ['Bruno Dias', '5511977776666'],
    ]);
  });

  it('unfolds CRLF continuation lines, unescapes text and falls back to N without FN', () => {
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Souza\\, Ltda;Maria;;;\r\nitem1.TEL:+55 11 9\r\n 1234-5678\r\nTEL;TYPE=work:3333-4444\r\nEND:VCARD';
    expect(parseVcard(card)).toEqual([
      {
        name: 'Maria Souza, Ltda',
        phones: [
          { display: '+55 11 91234-5678', waid: null },
          { display: '3333-4444', waid: null },
        ],
      },
    ]);
  });

  it('gives no card for text that is not a vcard', () => {
    expect(parseVcard('Ana Lima 5561988887777')).toEqual([]);
  });
});

describe('file names and captions', () => {
  const stored = '3f9a0c1d2e3f4a5b6c7d8e9f-relatorio_mensal.pdf';

  it('drops the random prefix of a stored name', () => {
    expect(storedFileName(stored)).toBe('relatorio_mensal.pdf');
  });

  it('saves under the original name when the body is it, else under the stored name', () => {
    expect(downloadNameOf('relatório mensal.pdf', stored)).toBe('relatório mensal.pdf');
    expect(downloadNameOf('Segue o relatório', stored)).toBe('relatorio_mensal.pdf');
    expect(downloadNameOf('', stored)).toBe('relatorio_mensal.pdf');
  });

  it('captions pictures, videos, polls and replies but not files, audio or cards', () => {
    expect(captionOf({ mediaType: 'image', body: 'olha' })).toBe('olha');
    expect(captionOf({ mediaType: 'poll', body: 'Qual?\n1. A' })).toBe('Qual?\n1. A');
    expect(captionOf({ mediaType: null, body: 'Oi' })).toBe('Oi');
    for (const mediaType of ['document', 'ptt', 'sticker', 'location', 'contacts']) expect(captionOf({ mediaType, body: 'x' })).toBe('');
  });
});

describe('previewOf', () => {
  const label = (key: string) => `<${key}>`;

  it('gives the text, the caption or a document name as it is', () => {
    expect(previewOf({ mediaType: null, body: 'Oi' }, label)).toBe('Oi');
    expect(previewOf({ mediaType: 'image', body: 'olha' }, label)).toBe('olha');
    expect(previewOf({ mediaType: 'document', body: 'nota.pdf' }, label)).toBe('nota.pdf');
  });

  it('names the kind instead of a vcard, a location body or an empty audio body', () => {
    expect(previewOf({ mediaType: 'contact', body: 'BEGIN:VCARD\nEND:VCARD' }, label)).toBe('<media.contact>');
    expect(previewOf({ mediaType: 'location', body: '|https://maps.google.com/maps?q=1%2C2&z=17' }, label)).toBe('<media.location>');
    expect(previewOf({ mediaType: 'ptt', body: '' }, label)).toBe('<media.voiceNote>');
    expect(previewOf({ mediaType: 'image', body: '' }, label)).toBe('<media.image>');
  });
});

describe('sizes and durations', () => {
  it('reads like people write them', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(14 * 1024)).toBe('14 KB');
    expect(formatBytes(3.2 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(125.4)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(Infinity)).toBe('');
  });
});
