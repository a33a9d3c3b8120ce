/**
 * docs/decisions/README.md indexes every decision by topic with its status (issue 27 §6), made by
 * scripts/decisions-index.mjs; this fails when the committed index is not the decisions' —
 * shown on a copy of the folder with a decision added; and refuses two decisions with one number.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/decisions-index.mjs', ...args], { cwd: root, encoding: 'utf8' });

describe('the decisions index', () => {
  it('is what the decisions make (node scripts/decisions-index.mjs --write)', () => {
    const r = run('--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('lists every decision once, with a status', () => {
    const index = readFileSync(join(root, 'docs/decisions/README.md'), 'utf8');
    const files = readdirSync(join(root, 'docs/decisions')).filter((f) => /^\d{4}-.*\.md$/.test(f));
    const rows = index.split('\n').filter((l) => l.startsWith('| ['));
    expect(rows).toHaveLength(files.length);
    // The row's own link is its first; a status may link the decision that supersedes it.
    for (const f of files) expect(rows.filter((r) => r.split('](')[1]?.startsWith(`${f})`))).toHaveLength(1);
    expect(rows.find((r) => r.includes('(0080-'))).toMatch(/partly superseded by \[0152\]/);
  });

  it('fails on a folder with a decision the index does not list', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    try {
      cpSync(join(root, 'docs/decisions'), dir, { recursive: true });
      writeFileSync(join(dir, '9999-planted.md'), '# 9999 — Planted\n\nNot in the index.\n');
      const r = run('--check', '--dir', dir);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/run node scripts\/decisions-index\.mjs --write/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses two decisions with one number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    try {
      cpSync(join(root, 'docs/decisions'), dir, { recursive: true });
      writeFileSync(join(dir, '0001-planted-twin.md'), '# 0001 — Planted twin\n');
      const r = run('--check', '--dir', dir);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/one number, 2 decisions: 0001-.*\.md, 0001-planted-twin\.md/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
