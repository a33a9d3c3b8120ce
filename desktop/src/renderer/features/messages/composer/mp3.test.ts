import { describe, expect, it } from 'vitest';
import { Mp3Stream, readMp3Header } from './mp3';

const tone = (sampleRate: number, seconds: number, hz = 440): Float32Array => {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = 0.5 * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return out;
};

describe('Mp3Stream', () => {
  it('encodes a tone to mp3 frames at 128 kbps, at the recording sample rate', () => {
    for (const rate of [44100, 48000]) {
      const mp3 = new Mp3Stream(rate);
      const samples = tone(rate, 1);
      // Fed in uneven pieces, as a ScriptProcessor delivers them.
      for (let i = 0; i < samples.length; i += 4096) mp3.push(samples.subarray(i, i + 4096));
      const file = mp3.finish();
      expect(readMp3Header(file)).toEqual({ kbps: 128, sampleRate: rate });
      // One second at 128 kbps is ~16 000 bytes.
      expect(file.length).toBeGreaterThan(14_000);
      expect(file.length).toBeLessThan(18_000);
    }
  });

  it('a blip of a recording stays under the 10 000 bytes the composer discards', () => {
    const mp3 = new Mp3Stream(48000);
    mp3.push(tone(48000, 0.3));
    expect(mp3.finish().length).toBeLessThan(10_000);
  });

  it('readMp3Header finds nothing in bytes that are not mp3', () => {
    expect(readMp3Header(new Uint8Array([1, 2, 3, 4, 5, 6]))).toBeNull();
  });
});
