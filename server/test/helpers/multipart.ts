import { randomBytes } from 'node:crypto';

export interface FilePart {
  /** Field name (`medias` for message sends). */
  field?: string;
  fileName: string;
  mimetype: string;
  bytes: Buffer;
}

/** A multipart/form-data body as browsers send it: text fields, then files, in order. */
export const multipart = (fields: Record<string, string>, files: FilePart[]): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----balcao${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'medias'}"; filename="${f.fileName}"\r\nContent-Type: ${f.mimetype}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Small files whose bytes are what they say (file-type recognises each). */
export const SAMPLE = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64'),
  /** An Ogg/Opus stream header: a recorded voice note's bytes. */
  opus: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), Buffer.alloc(30)]),
  pdf: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  /** A Windows program (MZ header). */
  exe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(62)]),
  text: Buffer.from('apenas texto, não é uma imagem'),
};
