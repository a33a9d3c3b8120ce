import { describe, expect, it } from 'vitest';
import type { OutboundMedia } from './normalized';
import { toBaileysContent, toBaileysSend, toVcard } from './map-outbound';

const JID = '5561981234567@s.whatsapp.net';
const GROUP = '120363025246125244@g.us';
const bytes = Buffer.from('media-bytes');
const jpeg: OutboundMedia = { data: bytes, mimetype: 'image/jpeg', fileName: 'foto.jpg' };
const onDisk = (mimetype: string, fileName?: string): OutboundMedia => ({ data: { path: '/data/media/1/file.bin' }, mimetype, ...(fileName ? { fileName } : {}) });

describe('toBaileysContent: sendable kinds', () => {
  it('text', () => {
    expect(toBaileysContent({ kind: 'text', text: 'Olá *Maria*' }, { jid: JID })).toStrictEqual({ text: 'Olá *Maria*' });
  });

  it('image from a buffer, with caption', () => {
    expect(toBaileysContent({ kind: 'image', media: jpeg, caption: 'catálogo' }, { jid: JID })).toStrictEqual({ image: bytes, mimetype: 'image/jpeg', caption: 'catálogo' });
  });

  it('image from a file path, no caption', () => {
    expect(toBaileysContent({ kind: 'image', media: onDisk('image/png') }, { jid: JID })).toStrictEqual({ image: { url: '/data/media/1/file.bin' }, mimetype: 'image/png' });
  });

  it('video', () => {
    expect(toBaileysContent({ kind: 'video', media: onDisk('video/mp4'), caption: 'tutorial' }, { jid: JID })).toStrictEqual({
      video: { url: '/data/media/1/file.bin' },
      mimetype: 'video/mp4',
      caption: 'tutorial',
    });
  });

  it('document keeps its file name and caption', () => {
    expect(toBaileysContent({ kind: 'document', media: onDisk('application/pdf', 'boleto.pdf'), caption: 'segue' }, { jid: JID })).toStrictEqual({
      document: { url: '/data/media/1/file.bin' },
      mimetype: 'application/pdf',
      fileName: 'boleto.pdf',
      caption: 'segue',
    });
  });

  it('audio file: not a voice note', () => {
    expect(toBaileysContent({ kind: 'audio', media: onDisk('audio/mpeg'), seconds: 30 }, { jid: JID })).toStrictEqual({
      audio: { url: '/data/media/1/file.bin' },
      mimetype: 'audio/mpeg',
      ptt: false,
      seconds: 30,
    });
  });

  it('voice note transcoded to ogg/opus: ptt with the WhatsApp voice mimetype', () => {
    expect(toBaileysContent({ kind: 'voice', media: { data: bytes, mimetype: 'audio/ogg' }, seconds: 4 }, { jid: JID })).toStrictEqual({
      audio: bytes,
      mimetype: 'audio/ogg; codecs=opus',
      ptt: true,
      seconds: 4,
    });
  });

  it('voice note left as mp3 (no ffmpeg): plain audio/mpeg', () => {
    expect(toBaileysContent({ kind: 'voice', media: { data: bytes, mimetype: 'audio/mp3' } }, { jid: JID })).toStrictEqual({ audio: bytes, mimetype: 'audio/mpeg', ptt: false });
  });

  it('location', () => {
    expect(toBaileysContent({ kind: 'location', latitude: -15.7939, longitude: -47.8828, name: 'Loja Centro', address: 'SCS Quadra 1' }, { jid: JID })).toStrictEqual({
      location: { degreesLatitude: -15.7939, degreesLongitude: -47.8828, name: 'Loja Centro', address: 'SCS Quadra 1' },
    });
    expect(toBaileysContent({ kind: 'location', latitude: 1.5, longitude: -2 }, { jid: JID })).toStrictEqual({ location: { degreesLatitude: 1.5, degreesLongitude: -2 } });
  });

  it('one contact card: its vcard, number cleaned to digits', () => {
    expect(toBaileysContent({ kind: 'contact', contacts: [{ name: 'Ana Lima', number: '+55 (61) 98888-7777' }] }, { jid: JID })).toStrictEqual({
      contacts: {
        displayName: 'Ana Lima',
        contacts: [{ displayName: 'Ana Lima', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nTEL;type=CELL;type=VOICE;waid=5561988887777:+5561988887777\nEND:VCARD' }],
      },
    });
  });

  it('several contact cards', () => {
    const content = toBaileysContent(
      {
        kind: 'contact',
        contacts: [
          { name: 'Ana', number: '5561988887777' },
          { name: 'Bruno', number: '5511977776666' },
        ],
      },
      { jid: JID },
    );
    expect(content).toStrictEqual({
      contacts: {
        displayName: '2 contatos',
        contacts: [
          { displayName: 'Ana', vcard: toVcard({ name: 'Ana', number: '5561988887777' }) },
          { displayName: 'Bruno', vcard: toVcard({ name: 'Bruno', number: '5511977776666' }) },
        ],
      },
    });
  });

  it('vcard text values are escaped', () => {
    expect(toVcard({ name: 'Silva; Souza, Ltda\\x', number: '1' })).toBe('BEGIN:VCARD\nVERSION:3.0\nFN:Silva\\; Souza\\, Ltda\\\\x\nTEL;type=CELL;type=VOICE;waid=1:+1\nEND:VCARD');
  });
});

describe('toBaileysContent: acting on messages', () => {
  it('reaction', () => {
    expect(toBaileysContent({ kind: 'reaction', target: { id: '3EB0TEXT', fromMe: false }, emoji: '❤️' }, { jid: JID })).toStrictEqual({
      react: { text: '❤️', key: { remoteJid: JID, fromMe: false, id: '3EB0TEXT' } },
    });
  });

  it("reaction removal ('') in a group, to someone else's message", () => {
    expect(toBaileysContent({ kind: 'reaction', target: { id: 'G1', fromMe: false, participant: '5521987650000' }, emoji: '' }, { jid: GROUP })).toStrictEqual({
      react: { text: '', key: { remoteJid: GROUP, fromMe: false, id: 'G1', participant: '5521987650000@s.whatsapp.net' } },
    });
  });

  it('edit', () => {
    expect(toBaileysContent({ kind: 'edit', target: { id: 'BAE5MINE', fromMe: true }, text: 'corrigido' }, { jid: JID })).toStrictEqual({
      text: 'corrigido',
      edit: { remoteJid: JID, fromMe: true, id: 'BAE5MINE' },
    });
  });

  it('an interactive list is the Cloud API\'s (decision 0430): refused for good, as a template is', () => {
    const send = () => toBaileysContent({ kind: 'list', body: 'Como foi?', button: 'Avaliar', rows: [{ id: 'csat:1', title: '1' }] }, { jid: JID });
    expect(send).toThrow(expect.objectContaining({ code: 'ERR_SENDING_WAPP_MSG', temporary: false }));
  });

  it('revoke (delete for everyone)', () => {
    expect(toBaileysContent({ kind: 'revoke', target: { id: 'BAE5MINE', fromMe: true } }, { jid: JID })).toStrictEqual({ delete: { remoteJid: JID, fromMe: true, id: 'BAE5MINE' } });
  });

  it('revoke as group admin keeps the author JID as given', () => {
    expect(toBaileysContent({ kind: 'revoke', target: { id: 'G1', fromMe: false, participant: '209876543210987@lid' } }, { jid: GROUP })).toStrictEqual({
      delete: { remoteJid: GROUP, fromMe: false, id: 'G1', participant: '209876543210987@lid' },
    });
  });

  it('forward text: marked forwarded', () => {
    expect(toBaileysContent({ kind: 'forward', content: { kind: 'text', text: 'promo' } }, { jid: JID })).toStrictEqual({
      text: 'promo',
      contextInfo: { isForwarded: true, forwardingScore: 1 },
    });
  });

  it('forward media: marked forwarded', () => {
    expect(toBaileysContent({ kind: 'forward', content: { kind: 'document', media: jpeg } }, { jid: JID })).toStrictEqual({
      document: bytes,
      mimetype: 'image/jpeg',
      fileName: 'foto.jpg',
      contextInfo: { isForwarded: true, forwardingScore: 1 },
    });
  });
});

describe('toBaileysSend', () => {
  it('our message id goes in the options', () => {
    expect(toBaileysSend({ kind: 'text', text: 'oi' }, { jid: JID, messageId: 'BAE5OURID' })).toStrictEqual({
      jid: JID,
      content: { text: 'oi' },
      options: { messageId: 'BAE5OURID' },
    });
  });

  it('a quote becomes a quoted message (key + text stand-in) for any content kind', () => {
    expect(
      toBaileysSend({ kind: 'image', media: jpeg, quoted: { id: '3EB0TEXT', fromMe: false, body: 'Qual o preço?' } }, { jid: JID, messageId: 'BAE5X' }),
    ).toStrictEqual({
      jid: JID,
      content: { image: bytes, mimetype: 'image/jpeg' },
      options: { messageId: 'BAE5X', quoted: { key: { remoteJid: JID, fromMe: false, id: '3EB0TEXT' }, message: { conversation: 'Qual o preço?' } } },
    });
  });

  it('no id, no quote: empty options', () => {
    expect(toBaileysSend({ kind: 'revoke', target: { id: 'A', fromMe: true } }, { jid: JID }).options).toStrictEqual({});
  });
});
