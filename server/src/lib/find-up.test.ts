import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findUp } from './find-up';

describe('findUp', () => {
  const root = mkdtempSync(join(tmpdir(), 'find-up-'));
  mkdirSync(join(root, 'server/drizzle/policies'), { recursive: true });
  mkdirSync(join(root, 'server/src/db'), { recursive: true });
  mkdirSync(join(root, 'server/dist'), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds the folder from the sources and from the bundle alike', () => {
    const want = join(root, 'server/drizzle');
    expect(findUp(pathToFileURL(join(root, 'server/src/db/migrate.ts')).href, 'drizzle')).toBe(want);
    expect(findUp(pathToFileURL(join(root, 'server/dist/main.mjs')).href, 'drizzle')).toBe(want);
  });

  it('says what it could not find', () => {
    expect(() => findUp(pathToFileURL(join(root, 'server/dist/main.mjs')).href, 'no-such-folder-9f3a')).toThrow(/no-such-folder-9f3a not found above/);
  });
});
