import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectTranscoder, ffmpegTranscoder, findOnPath } from './voice-transcoder';

// A stand-in ffmpeg: records its arguments, answers 'OggS' + its input (stdin or the -i file).
const FAKE_FFMPEG = `#!/bin/sh
echo "$@" > "$(dirname "$0")/args.txt"
while [ $# -gt 0 ]; do if [ "$1" = "-i" ]; then in="$2"; fi; shift; done
printf 'OggS'
if [ "$in" = "pipe:0" ]; then cat; else cat "$in"; fi
`;
const BROKEN_FFMPEG = `#!/bin/sh
echo "Unknown encoder 'libopus'" >&2
exit 1
`;

let root: string;
let empty: string;
let withFfmpeg: string;
let broken: string;

const script = async (dir: string, text: string) => {
  await writeFile(join(dir, 'ffmpeg'), text);
  await chmod(join(dir, 'ffmpeg'), 0o755);
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'balcao-ffmpeg-'));
  empty = await mkdtemp(join(root, 'empty-'));
  withFfmpeg = await mkdtemp(join(root, 'bin-'));
  broken = await mkdtemp(join(root, 'broken-'));
  await script(withFfmpeg, FAKE_FFMPEG);
  await script(broken, BROKEN_FFMPEG);
  // Present but not executable: not an ffmpeg we can run.
  await writeFile(join(empty, 'ffmpeg'), 'not a program');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('finding ffmpeg', () => {
  it('finds an executable on the PATH list, in order, and nothing where there is none', async () => {
    expect(await findOnPath('ffmpeg', [empty, withFfmpeg].join(delimiter))).toBe(join(withFfmpeg, 'ffmpeg'));
    expect(await findOnPath('ffmpeg', empty)).toBeUndefined();
    expect(await findOnPath('ffmpeg', '')).toBeUndefined();
  });

  it('detectTranscoder: none without ffmpeg, one with it', async () => {
    expect(await detectTranscoder(empty)).toBeUndefined();
    expect(await detectTranscoder(withFfmpeg)).toBeTypeOf('function');
  });
});

describe('ffmpegTranscoder', () => {
  it('pipes bytes through ffmpeg to mono 48 kHz ogg/opus and names the result .ogg', async () => {
    const out = await ffmpegTranscoder(join(withFfmpeg, 'ffmpeg'))({ data: Buffer.from('ID3-mp3-bytes'), mimetype: 'audio/mpeg', fileName: 'gravacao.mp3' });
    expect(out).toEqual({ data: Buffer.from('OggSID3-mp3-bytes'), mimetype: 'audio/ogg; codecs=opus', fileName: 'gravacao.ogg' });
    const args = (await readFile(join(withFfmpeg, 'args.txt'), 'utf8')).trim();
    expect(args).toContain('-i pipe:0');
    expect(args).toContain('-c:a libopus');
    expect(args).toContain('-ac 1 -ar 48000');
    expect(args).toMatch(/-f ogg pipe:1$/);
  });

  it('reads a file on disk directly', async () => {
    const file = join(root, 'voz.mp3');
    await writeFile(file, 'file-bytes');
    const out = await ffmpegTranscoder(join(withFfmpeg, 'ffmpeg'))({ data: { path: file }, mimetype: 'audio/mpeg' });
    expect(out.data).toEqual(Buffer.from('OggSfile-bytes'));
    expect(await readFile(join(withFfmpeg, 'args.txt'), 'utf8')).toContain(`-i ${file}`);
  });

  it('rejects with ffmpeg’s own message when it fails', async () => {
    await expect(ffmpegTranscoder(join(broken, 'ffmpeg'))({ data: Buffer.from('x'), mimetype: 'audio/mpeg' })).rejects.toThrow(/ffmpeg failed \(1\): Unknown encoder 'libopus'/);
  });
});
