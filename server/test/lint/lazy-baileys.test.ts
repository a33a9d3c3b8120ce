/**
 * Baileys loads with the first Baileys connection, never at boot (issue 26, `idle rss`): a server
 * with only the sandbox does not carry the library's ~58 MB. This walks the static value imports
 * from the server's entry (type-only imports are erased when compiled; `import()` is not static)
 * and fails if any path reaches '@whiskeysockets/baileys'. The walk from the real socket factory,
 * which does import it, shows the walk finds it. The AWS SDK likewise loads only with
 * MEDIA_STORE=s3 (decision 0385): the filesystem store's boot never imports it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const BAILEYS = '@whiskeysockets/baileys';
const AWS_S3 = '@aws-sdk/client-s3';

/** `import … from 'x'`, `export … from 'x'` and `import 'x'`, with what sits between the keyword and `from`. */
const STATIC = /^\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/** True when every binding of the clause is a type (`type X`, `{ type A, type B }`): the compiler drops it. */
const typeOnly = (clause: string): boolean => {
  if (/^type\b/.test(clause)) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.replace(/\s+/g, ' ').trim());
  return !!named && named[1]!.split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '));
};

const resolveLocal = (from: string, spec: string): string | undefined => {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, `${base}/index.ts`, base].find((f) => existsSync(f) && f.endsWith('.ts'));
};

/** The chain of files from `entry` to the first static value import of `pkg` (Baileys), or undefined. */
const pathToBaileys = (entry: string, pkg = BAILEYS): string[] | undefined => {
  const parent = new Map<string, string | undefined>([[entry, undefined]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC)) {
      const spec = m[2] ?? m[3]!;
      if (m[1] !== undefined && typeOnly(m[1])) continue;
      if (spec === pkg || spec.startsWith(`${pkg}/`)) {
        const chain = [file];
        for (let f = parent.get(file); f; f = parent.get(f)) chain.unshift(f);
        return chain.map((f) => relative(root, f));
      }
      // Only our own files lead further (the shared package and libraries never import these).
      if (!spec.startsWith('.')) continue;
      const next = resolveLocal(file, spec);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
};

describe('Baileys is loaded lazily', () => {
  it('no static import from the server entry reaches it', () => {
    expect(pathToBaileys(resolve(root, 'server/src/main.ts'))).toBeUndefined();
  });

  it('the walk finds it through the real socket factory, and through a planted import', () => {
    expect(pathToBaileys(resolve(root, 'server/src/modules/whatsapp/baileys/real-socket.ts'))).toEqual(['server/src/modules/whatsapp/baileys/real-socket.ts']);
    // The channel imports Baileys' values: a value import of it from the session manager would load it at boot.
    expect(pathToBaileys(resolve(root, 'server/src/modules/whatsapp/baileys/baileys.channel.ts'))?.[0]).toBe('server/src/modules/whatsapp/baileys/baileys.channel.ts');
  });

  it('the AWS SDK neither: only the S3 media store imports it, and only MEDIA_STORE=s3 imports that', () => {
    expect(pathToBaileys(resolve(root, 'server/src/main.ts'), AWS_S3)).toBeUndefined();
    expect(pathToBaileys(resolve(root, 'server/src/infra/media-store-s3.ts'), AWS_S3)).toEqual(['server/src/infra/media-store-s3.ts']);
  });

  it('reads type-only clauses as the compiler does', () => {
    expect(typeOnly('type X')).toBe(true);
    expect(typeOnly('{ type A, type B }')).toBe(true);
    expect(typeOnly('{ type A, b }')).toBe(false);
    expect(typeOnly('x, { type A }')).toBe(false);
    expect(typeOnly('* as x')).toBe(false);
  });
});
