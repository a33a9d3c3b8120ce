/**
 * Small files whose bytes are what they claim (the media store types a file by its bytes):
 * generated here, so no binary fixture sits in the repository.
 */

/** A 2×1 PNG: small enough for a request body, real enough for the browser to decode. */
export const PNG_2x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64');

/** A one-page PDF (enough for the PDF signature and a viewer). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** `seconds` of a 440 Hz tone as 8 kHz 8-bit mono WAV: a real, playable audio file. */
export const wavTone = (seconds = 0.5): Buffer => {
  const rate = 8_000;
  const samples = Math.round(rate * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i += 1) data[i] = 128 + Math.round(100 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return Buffer.concat([header, data]);
};

/** An MP4's first box (`ftyp`, brand isom): typed as video/mp4 by its bytes, though it holds no frames. */
export const MP4_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2avc1mp41'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free'),
]);
