/**
 * Voice notes: the app records mp3, WhatsApp plays only ogg/opus as a voice note
 * (server-behaviour §7). With ffmpeg on PATH we transcode; without it the note goes as a plain
 * audio/mpeg (`map-outbound.ts`). ffmpeg is optional, so it is looked up, never assumed.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { OutboundMedia } from '../channel-content';
import { VOICE_NOTE_MIMETYPE } from './map-outbound';

/** Turns a voice recording into ogg/opus bytes. */
export type VoiceTranscoder = (media: OutboundMedia) => Promise<OutboundMedia>;

const TIMEOUT_MS = 60_000;

/** The executable `name` in one of `pathList`'s folders (a PATH value), or undefined. */
export const findOnPath = async (name: string, pathList: string): Promise<string | undefined> => {
  for (const dir of pathList.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    const ok = await access(candidate, constants.X_OK).then(
      () => stat(candidate).then((s) => s.isFile()),
      () => false,
    );
    if (ok) return candidate;
  }
  return undefined;
};

/** Mono 48 kHz opus in an ogg container, the way WhatsApp's own voice notes are encoded. */
export const ffmpegTranscoder =
  (ffmpeg: string): VoiceTranscoder =>
  (media) =>
    new Promise<OutboundMedia>((resolve, reject) => {
      const fromFile = !Buffer.isBuffer(media.data);
      const input = Buffer.isBuffer(media.data) ? 'pipe:0' : media.data.path;
      const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', input, '-vn', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg', 'pipe:1'], {
        stdio: [fromFile ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        timeout: TIMEOUT_MS,
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout?.on('data', (b: Buffer) => out.push(b));
      child.stderr?.on('data', (b: Buffer) => err.push(b));
      child.on('error', reject);
      child.on('close', (code, signal) => {
        const bytes = Buffer.concat(out);
        if (code === 0 && bytes.length > 0) resolve({ data: bytes, mimetype: VOICE_NOTE_MIMETYPE, ...(media.fileName ? { fileName: media.fileName.replace(/\.[^.]*$/, '.ogg') } : {}) });
        else reject(new Error(`ffmpeg failed (${signal ?? code}): ${Buffer.concat(err).toString('utf8').trim().slice(0, 500)}`));
      });
      if (Buffer.isBuffer(media.data) && child.stdin) {
        // ffmpeg may stop reading early (bad input): its exit code tells, not EPIPE.
        child.stdin.on('error', () => undefined);
        child.stdin.end(media.data);
      }
    });

/** The transcoder this machine can run: ffmpeg on `pathList`, else none. */
export const detectTranscoder = async (pathList: string = process.env.PATH ?? ''): Promise<VoiceTranscoder | undefined> => {
  const ffmpeg = await findOnPath('ffmpeg', pathList);
  return ffmpeg ? ffmpegTranscoder(ffmpeg) : undefined;
};

let detected: Promise<VoiceTranscoder | undefined> | undefined;

/** `detectTranscoder()` on the process PATH, looked up once per process. */
export const processTranscoder = (): Promise<VoiceTranscoder | undefined> => (detected ??= detectTranscoder());
