import { describe, expect, it } from 'vitest';

/**
 * Every feature has a door, `features/<f>/index.ts`, and the rest of the renderer reaches a
 * feature only through it (issue 27 §5). Two compositions name files themselves: app/router.tsx
 * its route files (router.test.ts) and the billing gate it loads lazily, app/i18n/features.ts the
 * features' texts.
 */

/** Where `spec` lands from the folder `from`, both from the renderer's root (`features/x/y`). */
const resolve = (from: string[], spec: string): string => {
  const parts = [...from];
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
};

/** The renderer's files (the glob's keys are relative to app/), by their path from the renderer's root. */
const globbed = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], { query: '?raw', import: 'default', eager: true });
const sources = Object.fromEntries(Object.entries(globbed).map(([key, text]) => [resolve(['app'], key), text]));
const folders = [...new Set(Object.keys(sources).flatMap((p) => /^features\/([^/]+)\//.exec(p)?.[1] ?? []))];

const composed = (file: string, target: string): boolean =>
  (file === 'app/router.tsx' && (/\.(public-)?routes$/.test(target) || target === 'features/billing/BillingGate')) ||
  (file === 'app/i18n/features.ts' && target.endsWith('.texts'));

describe('feature doors', () => {
  it('every feature folder has an index.ts', () => {
    expect(folders.length).toBeGreaterThan(30);
    expect(folders.filter((f) => !(`features/${f}/index.ts` in sources))).toEqual([]);
  });

  it("nothing reaches past another feature's door", () => {
    const deep = Object.entries(sources).flatMap(([file, text]) => {
      const own = /^features\/([^/]+)\//.exec(file)?.[1];
      return [...text.matchAll(/(?:from |import\()'(\.[^']*)'/g)]
        .map((m) => resolve(file.split('/').slice(0, -1), m[1]!))
        .filter((target) => {
          const [root, feature, ...rest] = target.split('/');
          return root === 'features' && feature !== own && !(rest.length === 0 || (rest.length === 1 && rest[0] === 'index')) && !composed(file, target);
        })
        .map((target) => `${file} → ${target}`);
    });
    expect(deep).toEqual([]);
  });
});
