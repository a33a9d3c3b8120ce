/**
 * docs/ARCHITECTURE.md's module table is the code's (issue 27 §6): scripts/module-table.mjs makes
 * it from the modules' doors, tables, imports and events, and this fails when the committed one
 * differs — shown on a copy with one row changed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/module-table.mjs', ...args], { cwd: root, encoding: 'utf8' });

describe("ARCHITECTURE.md's module table", () => {
  it('is what the code makes (node scripts/module-table.mjs --write)', () => {
    const r = run('--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('names each module once, with what the code says of it', () => {
    const table = run().stdout;
    const rows = table.split('\n').filter((l) => /^\| [a-z-]+ \|/.test(l) && !l.startsWith('| module |'));
    expect(rows.map((r) => r.split('|')[1]!.trim())).toContain('tickets');
    const tickets = rows.find((r) => r.startsWith('| tickets |'))!;
    expect(tickets).toContain('`ticket_counts`');
    expect(tickets).toContain('`ticket.updated`');
    expect(tickets).toContain('`ticketsModule`');
  });

  it('fails on a copy whose table says something else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'module-table-'));
    try {
      const copy = join(dir, 'ARCHITECTURE.md');
      writeFileSync(copy, readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8').replace('| contacts | ', '| contacts | calls nothing; '));
      const r = run('--check', '--doc', copy);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/is not the code's: run node scripts\/module-table\.mjs --write/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
