import { describe, expect, it } from 'vitest';
import { FILE_MEDIA_TYPES, isFileMediaType, lastMessagePreview, mediaTypeOfKind, vcardNames, type KindLabels } from './media-kinds';

describe('kind → media type', () => {
  it('stores texts without a media type and every other kind as itself', () => {
    expect([mediaTypeOfKind('text'), mediaTypeOfKind('extendedText')]).toEqual([null, null]);
    for (const kind of ['image', 'video', 'audio', 'ptt', 'document', 'sticker', 'location', 'liveLocation', 'contact', 'contacts', 'poll', 'buttonReply', 'listReply']) {
      expect(mediaTypeOfKind(kind)).toBe(kind);
    }
  });

  it('knows which media types carry a file', () => {
    expect(FILE_MEDIA_TYPES.every((t) => isFileMediaType(t))).toBe(true);
    expect([isFileMediaType('location'), isFileMediaType(null), isFileMediaType('contact')]).toEqual([false, false, false]);
  });
});

const pt: KindLabels = {
  image: '📷 Imagem',
  video: '🎥 Vídeo',
  audio: '🎤 Áudio',
  sticker: '😀 Figurinha',
  location: 'Localização',
  document: '📄 Documento',
  contact: (name) => (name ? `Contato: ${name}` : 'Contato'),
  poll: '📊 Enquete',
  other: 'Mensagem',
};

const VCARD = 'BEGIN:VCARD\nVERSION:3.0\nFN:Souza\\, Carla\nTEL;type=CELL;waid=5511988887777:+5511988887777\nEND:VCARD';

describe('the list preview of a last message', () => {
  it('names every kind instead of its raw body', () => {
    expect(lastMessagePreview('image', '', pt)).toBe('📷 Imagem');
    expect(lastMessagePreview('image', 'olha isso', pt)).toBe('📷 olha isso');
    expect(lastMessagePreview('video', '', pt)).toBe('🎥 Vídeo');
    expect(lastMessagePreview('ptt', '', pt)).toBe('🎤 Áudio');
    expect(lastMessagePreview('audio', 'ignored', pt)).toBe('🎤 Áudio');
    expect(lastMessagePreview('sticker', '', pt)).toBe('😀 Figurinha');
    expect(lastMessagePreview('location', '|https://maps.google.com/maps?q=-22.9%2C-43.2&z=17', pt)).toBe('Localização');
    expect(lastMessagePreview('contact', VCARD, pt)).toBe('Contato: Souza, Carla');
    expect(lastMessagePreview('contacts', `${VCARD}\n${VCARD.replace('Souza\\, Carla', 'Ana')}`, pt)).toBe('Contato: Souza, Carla, Ana');
    expect(lastMessagePreview('contact', 'not a card', pt)).toBe('Contato');
  });

  it("a document reads as its file name (without the store's prefix), else its body, else the kind", () => {
    expect(lastMessagePreview('document', 'legenda', pt, '0123456789abcdef01234567-boleto.pdf')).toBe('boleto.pdf');
    expect(lastMessagePreview('document', 'contrato.pdf', pt)).toBe('contrato.pdf');
    expect(lastMessagePreview('document', '', pt)).toBe('📄 Documento');
  });

  it('keeps texts and never answers blank or a raw vCard', () => {
    expect(lastMessagePreview(null, 'Olá!', pt)).toBe('Olá!');
    expect(lastMessagePreview(null, '   ', pt)).toBe('Mensagem');
    expect(lastMessagePreview('call_log', 'Chamada de voz perdida às 14:05', pt)).toBe('Chamada de voz perdida às 14:05');
    expect(lastMessagePreview('something_new', VCARD, pt)).toBe('Mensagem');
    expect(lastMessagePreview('poll', 'Qual horário?', pt)).toBe('📊 Qual horário?');
  });

  it('reads the names of vcards', () => {
    expect(vcardNames(VCARD)).toEqual(['Souza, Carla']);
    expect(vcardNames('FN;CHARSET=UTF-8:José\nFN:')).toEqual(['José']);
  });
});
