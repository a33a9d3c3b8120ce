import { describe, expect, it } from 'vitest';
import { FILE_MEDIA_TYPES, isFileMediaType, mediaTypeOfKind } from './media-kinds';

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
