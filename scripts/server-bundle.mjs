#!/usr/bin/env node
// The server as one JavaScript file for `npm start` (issue 26, decision 0328): server/src and the
// shared package (TypeScript sources) bundled by esbuild into server/dist/main.mjs; packages from
// node_modules stay imports, so Baileys is still loaded only with the first Baileys connection.
// Run as plain Node it needs no TypeScript loader (tsx's loader thread cost ~50 MB of memory).
//
//   node scripts/server-bundle.mjs              build it when its sources changed (prints what it did)
//   node scripts/server-bundle.mjs --out <dir>  build it into <dir> whatever (server-bundle.test.ts)
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { isStale } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = join(root, 'server', 'dist', 'main.mjs');
/** What the bundle is made of: the server's and the shared package's sources, and the locked dependencies. */
const inputs = ['server/src', 'shared/src', 'server/package.json', 'shared/package.json', 'package-lock.json', 'scripts/server-bundle.mjs'];

/**
 * Bundles the server into `outdir` (main.mjs and its chunks). Code split: what the sources import
 * with `import()` (the Baileys channel) is a chunk of its own, loaded when called, with its
 * packages; in one file, esbuild would hoist their imports to the top and load them at boot.
 */
export const bundleServer = async (outdir) => {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: join(root, 'server/src/main.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Our workspace packages are TypeScript sources: bundled. Every other package (and node:*)
    // is loaded from node_modules as it is, at the time the code imports it.
    plugins: [
      {
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@balcao/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    // Stack traces name the sources (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
};

/** Builds server/dist/main.mjs unless it is newer than every input; true when it built. */
export const ensureServerBundle = async () => {
  if (!isStale(root, SERVER_BUNDLE, inputs)) return false;
  await bundleServer(dirname(SERVER_BUNDLE));
  return true;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t0 = Date.now();
  const out = process.argv.indexOf('--out');
  if (out > 0) await bundleServer(process.argv[out + 1]);
  const built = out > 0 || (await ensureServerBundle());
  const where = out > 0 ? process.argv[out + 1] : SERVER_BUNDLE;
  console.log(built ? `[server-bundle] built ${where} in ${Date.now() - t0} ms` : `[server-bundle] ${where} is up to date`);
}
