/**
 * `npm start` runs the server bundled (scripts/server-bundle.mjs, decision 0328). The bundle is
 * built here as `npm start` builds it, then: Baileys stays out of what loads at boot (esbuild
 * would hoist a lazily imported module's package imports to the top of a single file; split,
 * they stay in the chunk `import()` loads), and every module of it evaluates under plain Node
 * (each package it imports resolves; the files it reads beside it are found from its folder).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
// Under server/dist (ignored by git), at the depth of the real bundle's folder's children.
const out = join(root, 'server', 'dist', `test-${process.pid}`);
const BAILEYS = '@whiskeysockets/baileys';

/** The specifiers a file imports statically: `import … from "x"`, `export … from "x"`, `import "x"`. */
const staticImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s*(?:[^"';]*?\s*from\s*)?"([^"]+)";?$/gm)].map((m) => m[1]!);

/** Every package loaded with `file`, following its own chunks. */
const packagesLoadedWith = (file: string, seen = new Set<string>()): Set<string> => {
  const packages = new Set<string>();
  for (const spec of staticImports(file)) {
    if (!spec.startsWith('.')) packages.add(spec);
    else if (!seen.has(spec)) {
      seen.add(spec);
      for (const p of packagesLoadedWith(join(out, spec), seen)) packages.add(p);
    }
  }
  return packages;
};

describe('the server bundle npm start runs', () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['scripts/server-bundle.mjs', '--out', out], { cwd: root, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('loads the server framework at boot, and Baileys only in the chunk import() loads', () => {
    const atBoot = packagesLoadedWith(join(out, 'main.mjs'));
    expect(atBoot).toContain('fastify');
    expect([...atBoot].filter((p) => p.startsWith(BAILEYS))).toEqual([]);
    const channel = readdirSync(out).find((f) => f.startsWith('baileys.channel-') && f.endsWith('.mjs'));
    expect(channel).toBeDefined();
    expect(packagesLoadedWith(join(out, channel!))).toContain(BAILEYS);
  });

  it('evaluates under plain Node without starting (it starts only as the process entry)', () => {
    const url = pathToFileURL(join(out, 'main.mjs')).href;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(url)}); console.log(typeof m.startServer);`], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('function');
  }, 40_000);
});
