// The server's architectural boundaries as one ESLint rule (decision 0018). Imports are resolved
// against the importing file's path, so `../x` means the same thing at every folder depth.
import { dirname, relative, resolve, sep } from 'node:path';

const SERVER = resolve(import.meta.dirname, '../../server/src');

/** 'modules/tickets/tickets.service' etc., or null outside server/src. */
const inServer = (abs) => {
  const rel = relative(SERVER, abs);
  return rel.startsWith('..') || rel === '' ? null : rel.split(sep).join('/').replace(/\.(ts|js)$/, '');
};

const moduleOf = (rel) => (rel?.startsWith('modules/') ? rel.split('/')[1] : null);
const isDoor = (rel) => /^modules\/[^/]+(\/index)?$/.test(rel);
const isTable = (rel) => /\.table$/.test(rel);

/**
 * Files outside modules allowed past the doors: drizzle-kit's schema re-exports every table, and
 * main.ts (first-start seed) is rewritten on another branch of issue 7; it moves to the door then.
 */
const PASSAGES = new Set(['db/schema', 'main']);

const bare = (spec, names) => names.some((n) => spec === n || spec.startsWith(`${n}/`));

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Module doors and layers of docs/ARCHITECTURE.md' } },
  create(context) {
    const from = inServer(context.filename);
    if (!from) return {};
    const fromModule = moduleOf(from);
    const base = from.split('/').pop();
    const check = (node) => {
      const spec = node.source.value;
      if (typeof spec !== 'string') return;
      const to = spec.startsWith('.') ? inServer(resolve(dirname(context.filename), spec)) : null;
      const toModule = moduleOf(to);
      const report = (message) => context.report({ node: node.source, message });

      // (e, checked first: its message is the precise one) *.cases.ts are the route suites' rows (decision 0323), kept beside their module: only tests import them.
      if (to && /\.cases$/.test(to)) return report('A *.cases.ts file holds test rows: only server/test imports it, never the server.');
      // (d) infra/, db/ and lib/ are below every module (db/schema.ts re-exports the tables for drizzle-kit).
      if (/^(infra|db|lib)\//.test(from) && toModule && from !== 'db/schema') return report('infra/, db/ and lib/ never import a module: invert it (a port, a registration hook).');
      // (a) another module only through its door; *.table files may reference other tables (foreign keys are schema).
      if (toModule && toModule !== fromModule && !isDoor(to) && !PASSAGES.has(from)) {
        const tableToTable = isTable(to) && (isTable(from) || /\.repository$/.test(from));
        if (!tableToTable) return report(`Import modules/${toModule} through its index.ts (its one door), not ${to}.`);
      }
      // (b) routes stay HTTP: no SQL, no repositories.
      if (base.endsWith('.routes')) {
        if (bare(spec, ['drizzle-orm'])) return report('A routes file holds no SQL: call the service.');
        if (to && (/^db\/(client|raw)$/.test(to) || /\.repository$/.test(to))) return report('A routes file reaches the database only through its service.');
      }
      // (c) services know nothing of sockets: they stage events, listeners route them.
      if (base.endsWith('.service')) {
        if (bare(spec, ['socket.io'])) return report('Services stage events; socket.io belongs to listeners and infra/realtime.');
        if (to && /^infra\/(realtime|rooms)$/.test(to)) return report('Services stage events; rooms and realtime belong to listeners.');
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: (n) => n.source && check(n), ExportAllDeclaration: check };
  },
};

export default { rules: { boundaries: rule } };
