import { describe, expect, it } from 'vitest';
import { SAMPLE } from '../../../test/helpers/multipart';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captionsFor, classifyUpload, uploadOf, type UploadPolicy } from './uploads';

const policy: UploadPolicy = { limits: { image: 100, video: 100, audio: 100, document: 1000 }, maxBytes: 500 };
const kind = async (fileName: string, mimetype: string, bytes: Buffer, voice?: boolean) => (await classifyUpload(uploadOf(fileName, mimetype, bytes), voice, policy)).mediaType;
const code = (p: Promise<unknown>) => p.then(
  () => 'ok',
  (e: { code?: string }) => e.code,
);

describe('what an uploaded file is sent as', () => {
  it('as its kind when the bytes are one WhatsApp plays', async () => {
    expect(await kind('foto.png', 'image/png', SAMPLE.png)).toBe('image');
    expect(await kind('foto.png', 'application/octet-stream', SAMPLE.png)).toBe('image');
    expect(await kind('nota.ogg', 'audio/ogg', SAMPLE.opus)).toBe('audio');
    expect(await kind('nota.ogg', 'audio/ogg', SAMPLE.opus, true)).toBe('ptt');
    expect(await kind('audio-record-site-1700000000000.ogg', 'audio/ogg', SAMPLE.opus)).toBe('ptt');
    expect(await kind('audio-record-site-1700000000000.ogg', 'audio/ogg', SAMPLE.opus, false)).toBe('audio');
  });

  it('as a document when the bytes disagree with the claim, or nothing is claimed', async () => {
    expect(await kind('foto.jpg', 'image/jpeg', SAMPLE.text)).toBe('document');
    expect(await kind('video.mp4', 'video/mp4', SAMPLE.png)).toBe('document');
    expect(await kind('som.mp3', 'audio/mpeg', SAMPLE.pdf)).toBe('document');
    expect(await kind('boleto.pdf', 'application/pdf', SAMPLE.pdf)).toBe('document');
    expect(await kind('foto.png', 'application/pdf', SAMPLE.png)).toBe('image');
    expect(await kind('nota.txt', 'text/plain', SAMPLE.text, true)).toBe('document');
  });

  it('refuses programs by bytes or name, empty files, and files over the kind limit or the cap', async () => {
    expect(await code(kind('foto.jpg', 'image/jpeg', SAMPLE.exe))).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    expect(await code(kind('setup.exe', 'application/octet-stream', SAMPLE.text))).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    expect(await code(kind('x.PS1', 'text/plain', SAMPLE.text))).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    expect(await code(kind('vazio.png', 'image/png', Buffer.alloc(0)))).toBe('ERR_VALIDATION');
    expect(await code(kind('foto.png', 'image/png', Buffer.concat([SAMPLE.png, Buffer.alloc(100)])))).toBe('ERR_FILE_TOO_LARGE');
    // A document's own limit (1000) is over the cap (500): the cap wins.
    expect(await code(kind('a.pdf', 'application/pdf', Buffer.concat([SAMPLE.pdf, Buffer.alloc(600)])))).toBe('ERR_FILE_TOO_LARGE');
    expect(await code(kind('a.pdf', 'application/pdf', Buffer.concat([SAMPLE.pdf, Buffer.alloc(300)])))).toBe('ok');
  });

  it('judges a file spooled to disk (an upload as routes receive it) by its bytes, as one in memory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'balcao-spool-'));
    const spooled = async (name: string, bytes: Buffer) => {
      const path = join(dir, name);
      await writeFile(path, bytes);
      return { fileName: name, mimetype: 'application/octet-stream', source: { path }, size: bytes.length };
    };
    expect((await classifyUpload(await spooled('foto.png', SAMPLE.png), undefined, policy)).mediaType).toBe('image');
    expect(await code(classifyUpload(await spooled('foto.jpg', SAMPLE.exe), undefined, policy))).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    expect(await code(classifyUpload(await spooled('a.pdf', Buffer.concat([SAMPLE.pdf, Buffer.alloc(600)])), undefined, policy))).toBe('ERR_FILE_TOO_LARGE');
  });

  it('puts one caption on the first file, a caption per file on each, and drops captions that are the file name', () => {
    const files = [{ fileName: 'a.png' }, { fileName: 'b.pdf' }];
    expect(captionsFor(files, ['veja'])).toEqual(['veja', '']);
    expect(captionsFor(files, [])).toEqual(['', '']);
    expect(captionsFor(files, ['a.png', 'b.pdf'])).toEqual(['', '']);
    expect(captionsFor(files, ['primeira', 'segunda'])).toEqual(['primeira', 'segunda']);
  });
});
