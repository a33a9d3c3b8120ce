#!/usr/bin/env node
// Draws the app's icon set (build/icons/<n>x<n>.png) and the tray's count overlay, with no
// image library: a teal rounded square holding a white speech bubble, anti-aliased by
// supersampling, written as RGBA PNGs through node:zlib. The PNGs are committed (a few KB each);
// run `node scripts/electron-icons.mjs` again after changing the drawing.
// `--overlay` prints the 16×16 red overlay dot as a data URL instead (see desktop/src/main/tray-icon.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `rgba`: width*height*4 bytes, rows top to bottom. */
export function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0; // no filter
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const insideRoundedRect = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** Colour at a point of the unit square, or null for transparent. */
function iconColour(x, y) {
  if (!insideRoundedRect(x, y, 0.03, 0.03, 0.97, 0.97, 0.2)) return null;
  const bubble = insideRoundedRect(x, y, 0.2, 0.24, 0.8, 0.66, 0.12);
  // The bubble's tail: a triangle under its lower left.
  const tail = y >= 0.64 && y <= 0.82 && x >= 0.3 && x <= 0.46 && x - 0.3 <= (0.82 - y) * 0.9;
  if (bubble || tail) {
    // Three dots: someone is typing.
    const dot = [0.36, 0.5, 0.64].some((cx) => (x - cx) ** 2 + (y - 0.45) ** 2 <= 0.045 ** 2);
    return dot ? [15, 118, 110] : [255, 255, 255];
  }
  return [15, 118, 110]; // teal-700
}

function overlayColour(x, y) {
  return (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.47 ** 2 ? [220, 38, 38] : null;
}

export function draw(size, colourAt, samples = 4) {
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          covered += 1;
          r += colour[0];
          g += colour[1];
          b += colour[2];
        }
      }
      const i = (py * size + px) * 4;
      if (covered === 0) continue;
      rgba[i] = Math.round(r / covered);
      rgba[i + 1] = Math.round(g / covered);
      rgba[i + 2] = Math.round(b / covered);
      rgba[i + 3] = Math.round((255 * covered) / (samples * samples));
    }
  }
  return encodePng(size, size, rgba);
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain && process.argv.includes('--overlay')) {
  console.log(`data:image/png;base64,${draw(16, overlayColour).toString('base64')}`);
} else if (isMain) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icons');
  mkdirSync(dir, { recursive: true });
  for (const size of ICON_SIZES) writeFileSync(join(dir, `${size}x${size}.png`), draw(size, iconColour));
  console.log(`[icons] wrote ${ICON_SIZES.length} PNGs to ${dir}`);
}
