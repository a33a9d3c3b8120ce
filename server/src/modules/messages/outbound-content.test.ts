import { describe, expect, it } from 'vitest';
import { ChannelError } from '../whatsapp/whatsapp.port';
import { displayName, mimetypeOf, sendFailure, toOutboundContent } from './outbound-content';

const NAME = '0123456789abcdef01234567';
const row = (over: { body?: string; mediaType?: string | null; mediaUrl?: string | null } = {}) => ({ body: '', mediaType: null, mediaUrl: null, ...over });
const PATH = '/data/media/7/file';

describe('toOutboundContent', () => {
  it('a text row is a text; a quoted row becomes the quote (its channel id, side and text)', () => {
    expect(toOutboundContent(row({ body: 'Olá' }), null, undefined)).toStrictEqual({ kind: 'text', text: 'Olá' });
    expect(toOutboundContent(row({ body: 'sim' }), { waMessageId: '3EB0AA', fromMe: false, body: 'Tem estoque?' }, undefined)).toStrictEqual({
      kind: 'text',
      text: 'sim',
      quoted: { id: '3EB0AA', fromMe: false, body: 'Tem estoque?' },
    });
  });

  it('image and video: the file on disk, mimetype by extension, the body as caption', () => {
    expect(toOutboundContent(row({ body: 'catálogo', mediaType: 'image', mediaUrl: `${NAME}-foto.PNG` }), null, PATH)).toStrictEqual({
      kind: 'image',
      media: { data: { path: PATH }, mimetype: 'image/png', fileName: 'foto.PNG' },
      caption: 'catálogo',
    });
    expect(toOutboundContent(row({ mediaType: 'video', mediaUrl: `${NAME}-video.mp4` }), null, PATH)).toStrictEqual({
      kind: 'video',
      media: { data: { path: PATH }, mimetype: 'video/mp4', fileName: 'video.mp4' },
    });
  });

  it('document: its file name; a body that is only the file name is no caption', () => {
    expect(toOutboundContent(row({ body: 'boleto.pdf', mediaType: 'document', mediaUrl: `${NAME}-boleto.pdf` }), null, PATH)).toStrictEqual({
      kind: 'document',
      media: { data: { path: PATH }, mimetype: 'application/pdf', fileName: 'boleto.pdf' },
    });
    expect(toOutboundContent(row({ body: 'segue o boleto', mediaType: 'document', mediaUrl: `${NAME}-boleto.pdf` }), null, PATH)).toMatchObject({ caption: 'segue o boleto' });
  });

  it('audio is an audio file; ptt and voice are voice notes; quotes work on media too', () => {
    expect(toOutboundContent(row({ mediaType: 'audio', mediaUrl: `${NAME}-musica.mp3` }), null, PATH)).toStrictEqual({
      kind: 'audio',
      media: { data: { path: PATH }, mimetype: 'audio/mpeg', fileName: 'musica.mp3' },
    });
    for (const mediaType of ['ptt', 'voice']) {
      expect(toOutboundContent(row({ mediaType, mediaUrl: `${NAME}-gravacao.mp3` }), { waMessageId: 'Q', fromMe: true, body: 'x' }, PATH)).toStrictEqual({
        kind: 'voice',
        media: { data: { path: PATH }, mimetype: 'audio/mpeg', fileName: 'gravacao.mp3' },
        quoted: { id: 'Q', fromMe: true, body: 'x' },
      });
    }
  });

  it('a forwarded row is a forward of its content, never quoted', () => {
    expect(toOutboundContent({ ...row({ body: 'Promoção' }), isForwarded: true }, { waMessageId: 'Q', fromMe: false, body: 'x' }, undefined)).toStrictEqual({
      kind: 'forward',
      content: { kind: 'text', text: 'Promoção' },
    });
    expect(toOutboundContent({ ...row({ body: 'folheto', mediaType: 'image', mediaUrl: `${NAME}-f.jpg` }), isForwarded: true }, null, PATH)).toStrictEqual({
      kind: 'forward',
      content: { kind: 'image', media: { data: { path: PATH }, mimetype: 'image/jpeg', fileName: 'f.jpg' }, caption: 'folheto' },
    });
  });

  it('a row holding an interactive list (decision 0430) sends the list; its body is only what the conversation shows', () => {
    const list = { kind: 'list' as const, body: 'Como foi?', button: 'Avaliar', rows: [{ id: 'csat:1', title: '1 - Ruim' }] };
    expect(toOutboundContent({ body: 'Como foi? (texto)', mediaType: null, mediaUrl: null, raw: { list } }, null, undefined)).toEqual(list);
  });

  it('a media row without a stored file, or of a type we cannot send, fails for good', () => {
    for (const [r, path] of [
      [row({ mediaType: 'image', mediaUrl: '../../etc/passwd' }), undefined],
      [row({ mediaType: 'image' }), PATH],
      [row({ mediaType: 'sticker', mediaUrl: `${NAME}-s.webp` }), PATH],
    ] as const) {
      let err: unknown;
      try {
        toOutboundContent(r, null, path);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ChannelError);
      expect(err).toMatchObject({ code: 'ERR_SENDING_WAPP_MSG', temporary: false });
    }
  });

  it('names and mimetypes of stored files', () => {
    expect(displayName(`${NAME}-Relatorio_2024.xlsx`)).toBe('Relatorio_2024.xlsx');
    expect(displayName('file.bin')).toBe('file.bin');
    expect(mimetypeOf(`${NAME}-a.opus`, 'ptt')).toBe('audio/ogg; codecs=opus');
    expect(mimetypeOf(`${NAME}-file.bin`, 'image')).toBe('image/jpeg');
    expect(mimetypeOf(`${NAME}-file.bin`, 'document')).toBe('application/octet-stream');
  });
});

describe('sendFailure', () => {
  const meta = (retryCount: number) => ({ retryCount, retryLimit: 8 });
  it('a permanent ChannelError gives up at once with its code', () => {
    expect(sendFailure(new ChannelError('ERR_WAPP_INVALID_CONTACT', false), meta(0))).toEqual({ code: 'ERR_WAPP_INVALID_CONTACT', giveUp: true });
  });

  it('a temporary one is retried until the last retry', () => {
    const err = new ChannelError('ERR_WAPP_NOT_INITIALIZED', true);
    expect(sendFailure(err, meta(0))).toEqual({ code: 'ERR_WAPP_NOT_INITIALIZED', giveUp: false });
    expect(sendFailure(err, meta(7))).toEqual({ code: 'ERR_WAPP_NOT_INITIALIZED', giveUp: false });
    expect(sendFailure(err, meta(8))).toEqual({ code: 'ERR_WAPP_NOT_INITIALIZED', giveUp: true });
  });

  it('anything else is a temporary ERR_SENDING_WAPP_MSG', () => {
    expect(sendFailure(new Error('socket hang up'), meta(1))).toEqual({ code: 'ERR_SENDING_WAPP_MSG', giveUp: false });
    expect(sendFailure('boom', meta(8))).toEqual({ code: 'ERR_SENDING_WAPP_MSG', giveUp: true });
  });
});
