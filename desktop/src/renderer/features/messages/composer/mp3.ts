import { Mp3Encoder } from 'lamejs';
import MPEGMode from 'lamejs/src/js/MPEGMode';
import Lame from 'lamejs/src/js/Lame';
import BitStream from 'lamejs/src/js/BitStream';

// lamejs 1.2.1's CommonJS sources read these three as globals they never define ("MPEGMode is
// not defined" under any bundler, and under Node too): give them the modules they expect.
Object.assign(globalThis, { MPEGMode, Lame, BitStream });

/** Attendance §4 Media: voice notes are mp3 at 128 kbps. */
export const MP3_KBPS = 128;
/** lamejs encodes in blocks of this many samples (one MPEG-1 Layer III frame). */
const BLOCK = 1152;

const toPcm16 = (samples: Float32Array): Int16Array => {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
};

/**
 * A mono mp3 encoder fed with Web Audio float samples as they arrive; `finish` gives the file.
 * Pure (no DOM): the recorder hook feeds it, tests feed it a generated tone.
 */
export class Mp3Stream {
  private readonly encoder: Mp3Encoder;
  private readonly parts: Uint8Array[] = [];
  private bytes = 0;

  constructor(readonly sampleRate: number) {
    this.encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  }

  private keep(chunk: Int8Array): void {
    if (chunk.length === 0) return;
    const copy = new Uint8Array(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.length));
    this.parts.push(copy);
    this.bytes += copy.length;
  }

  push(samples: Float32Array): void {
    const pcm = toPcm16(samples);
    for (let i = 0; i < pcm.length; i += BLOCK) this.keep(this.encoder.encodeBuffer(pcm.subarray(i, i + BLOCK)));
  }

  /** Encoded so far (the recorder shows nothing of it; tests and the size check use it). */
  get size(): number {
    return this.bytes;
  }

  finish(): Uint8Array<ArrayBuffer> {
    this.keep(this.encoder.flush());
    const out = new Uint8Array(this.bytes);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES_V1 = [44100, 48000, 32000];

/** The first MPEG-1 Layer III frame header of `bytes`, or null (for tests and sanity checks). */
export const readMp3Header = (bytes: Uint8Array): { kbps: number; sampleRate: number } | null => {
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (bytes[i] !== 0xff || (bytes[i + 1]! & 0xfe) !== 0xfa) continue; // sync, MPEG-1, Layer III
    const kbps = BITRATES_V1_L3[bytes[i + 2]! >> 4];
    const sampleRate = RATES_V1[(bytes[i + 2]! >> 2) & 0x3];
    if (kbps && sampleRate) return { kbps, sampleRate };
  }
  return null;
};
