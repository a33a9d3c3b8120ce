import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s(?:[^;]*?from\s+)?'([^']+)'/gm)].map((m) => m[1] as string);
}

// The lint rules say the same; this keeps the rules true even if the lint config changes.
describe('process boundaries', () => {
  it("only electron-api.ts imports 'electron' or 'electron-store' in main", () => {
    const offenders = sourceFiles(join(src, 'main'))
      .filter((file) => !file.endsWith('electron-api.ts') && !file.includes('/test/'))
      .filter((file) => importsOf(file).some((name) => name === 'electron' || name === 'electron-store'));
    expect(offenders.map((file) => relative(src, file))).toEqual([]);
  });

  it('common/ imports only zod and its own files (no Node, no DOM, no Electron)', () => {
    const imports = sourceFiles(join(src, 'common')).flatMap(importsOf);
    expect(imports.filter((name) => name !== 'zod' && !name.startsWith('./'))).toEqual([]);
  });
});
