import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { BootError, ensureEnterable, startEmbeddedPostgres } from '../../src/db/embedded';
import { loadConfig } from '../../src/infra/config';

// Boot must survive what an outside probe did to it: a `kill -9` that orphans the embedded
// PostgreSQL, a DATA_DIR made with `mktemp -d` while running as root, and the superuser
// password must be the data directory's own, not one written in the code.

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'balcao-boot-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const connects = async (url: string) => {
  const sql = postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 10 });
  try {
    return (await sql`select 1 as ok`)[0]!.ok === 1 ? 'ok' : 'no';
  } catch (err) {
    return (err as { code?: string }).code ?? 'error';
  } finally {
    await sql.end({ timeout: 5 });
  }
};
const withPassword = (url: string, password: string) => {
  const u = new URL(url);
  u.password = password;
  return u.toString();
};

describe('embedded PostgreSQL boot', () => {
  it('comes up after the previous server was killed with -9 (stops the orphaned postmaster of its directory)', async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755); // this case is about the orphan only
    const pgDir = join(dataDir, 'pg');
    const password = 'a1b2c3d4e5f6a1b2c3d4e5f6';
    const child = spawn(process.execPath, ['--import', 'tsx', resolve('server/test/helpers/embedded-owner-process.ts')], {
      env: { ...process.env, PG_DIR: pgDir, PG_PASSWORD: password, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = await new Promise<number>((res, rej) => {
      createInterface({ input: child.stdout! }).on('line', (l) => l.startsWith('READY ') && res(Number(l.slice(6))));
      child.once('exit', (code) => rej(new Error(`child exited ${code}`)));
    });
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    expect(alive(ready)).toBe(true); // the orphan that used to block every restart

    const said: string[] = [];
    const db = await startEmbeddedPostgres(pgDir, { password, ownedRoot: dataDir, port: 0, log: (l) => said.push(l) });
    try {
      expect(said.join('\n')).toMatch(new RegExp(`PostgreSQL \\(pid ${ready}\\) is still running on .*; stopping it`));
      expect(alive(ready)).toBe(false);
      expect(await connects(db.ownerUrl)).toBe('ok');
    } finally {
      await db.stop();
    }
  }, 60_000);

  it('starts in a mktemp -d DATA_DIR (0700) and moves an old fixed-password cluster to its own password', async () => {
    const dataDir = tempDir();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const pgDir = join(dataDir, 'pg');
    // A cluster as older versions made it: the fixed password.
    const old = await startEmbeddedPostgres(pgDir, { password: 'balcao-owner', ownedRoot: dataDir, port: 0 });
    expect(await connects(old.ownerUrl)).toBe('ok');
    await old.stop();

    const generated = loadConfig({ DATA_DIR: dataDir }).pgOwnerPassword!;
    const said: string[] = [];
    const db = await startEmbeddedPostgres(pgDir, { password: generated, ownedRoot: dataDir, port: 0, log: (l) => said.push(l) });
    try {
      expect(await connects(db.ownerUrl)).toBe('ok');
      expect(await connects(withPassword(db.ownerUrl, 'balcao-owner'))).toBe('28P01');
      expect(said.join('\n')).toMatch(/own generated password/);
    } finally {
      await db.stop();
    }
  }, 60_000);

  it('names a folder above DATA_DIR that the postgres user cannot enter, in one line', () => {
    const parent = tempDir(); // 0700, owned by us, but above DATA_DIR: not ours to open up
    const dataDir = join(parent, 'data');
    const check = () => ensureEnterable(join(dataDir, 'pg'), dataDir);
    if (process.getuid?.() === 0) {
      expect(check).toThrow(BootError);
      expect(check).toThrow(new RegExp(`cannot enter ${parent}: run chmod o\\+x ${parent}`));
      expect(() => check()).not.toThrow(/\n/);
    } else {
      expect(check).not.toThrow(); // postgres runs as this same user: nothing to enter
    }
  });

  it('generates the superuser password per data directory and keeps it there', () => {
    const one = tempDir();
    const first = loadConfig({ DATA_DIR: one }).pgOwnerPassword;
    expect(first).toMatch(/^[0-9a-f]{48}$/);
    expect(loadConfig({ DATA_DIR: one }).pgOwnerPassword).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).pgOwnerPassword).not.toBe(first);
  });
});
