#!/usr/bin/env node
// The module table of docs/ARCHITECTURE.md, made from the code (issue 27 §6): for every
// server/src/modules/<m>/, what its door says it is, what the door exports, the tables its
// *.table.ts files declare, the modules it imports (scripts/module-graph.mjs), and the domain events it stages or publishes.
// The table sits between two markers in the file; server/test/lint/module-table.test.ts fails when
// the committed one differs from what this makes.
//
//   node scripts/module-table.mjs           print the table
//   node scripts/module-table.mjs --write   put it into docs/ARCHITECTURE.md
//   node scripts/module-table.mjs --check   exit 1 when docs/ARCHITECTURE.md's differs (--doc <file>: another file)
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { moduleImports, moduleSources as sources } from './module-graph.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = join(root, 'server/src/modules');
/** docs/ARCHITECTURE.md, or the file after --doc (the test checks a planted copy). */
const docArg = process.argv.indexOf('--doc');
const DOC = docArg > 0 ? process.argv[docArg + 1] : join(root, 'docs/ARCHITECTURE.md');
export const START = '<!-- module-table:start (made by scripts/module-table.mjs --write; do not edit) -->';
export const END = '<!-- module-table:end -->';

/** The domain events of the catalogue (shared/src/events.ts, the DomainEvent union). */
const catalogue = () => {
  const text = readFileSync(join(root, 'shared/src/events.ts'), 'utf8');
  const union = text.slice(text.indexOf('export type DomainEvent ='), text.indexOf('export type DomainEventType'));
  return new Set([...union.matchAll(/type: '([a-zA-Z.]+)'/g)].map((m) => m[1]));
};

/** What the door exports: its values by name, and how many types. */
const doorExports = (index) => {
  const values = new Set();
  let types = 0;
  for (const m of index.matchAll(/^export\s+(?:const|function|class|let)\s+([A-Za-z0-9_$]+)/gm)) values.add(m[1]);
  types += [...index.matchAll(/^export\s+(?:type|interface)\s+[A-Za-z0-9_$]+/gm)].length;
  for (const m of index.matchAll(/^export\s+(type\s+)?\{([^}]*)\}/gm)) {
    for (const part of m[2].split(',').map((s) => s.trim()).filter(Boolean)) {
      if (m[1] || part.startsWith('type ')) types += 1;
      else values.add(part.split(/\s+as\s+/).pop());
    }
  }
  return { values: [...values].sort(), types };
};

/** The module's row. */
const rowOf = (name, events, graph) => {
  const uses = graph.get(name);
  const dir = join(MODULES, name);
  const files = sources(dir);
  const index = readFileSync(join(dir, 'index.ts'), 'utf8');
  // The door's opening comment, its first sentence after "one door (…):".
  const head = (/^(?:\/\/.*\n)+/.exec(index)?.[0] ?? '').replace(/^\/\/ ?/gm, '').replace(/\s+/g, ' ');
  const what = (/door[^:]*:\s*(.*?)(?:\.(?:\s|$)|$)/.exec(head)?.[1] ?? '').replace(/\|/g, '\\|');
  const tables = new Set();
  const emits = new Set();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.table.ts')) for (const m of text.matchAll(/(?:pgTable|tenantTable|linkTable)\(\s*'([a-z_]+)'/g)) tables.add(m[1]);
    for (const m of text.matchAll(/\btype:\s*'([a-zA-Z.]+)'/g)) if (events.has(m[1])) emits.add(m[1]);
  }
  const { values, types } = doorExports(index);
  const used = [...uses].sort(([a], [b]) => a.localeCompare(b)).map(([m, { typeOnly }]) => (typeOnly ? `${m} (types)` : m));
  const list = (xs) => (xs.length ? xs.map((x) => `\`${x}\``).join(', ') : '—');
  return `| ${name} | ${what} | ${list(values)}${types ? ` + ${types} type${types > 1 ? 's' : ''}` : ''} | ${list([...tables].sort())} | ${used.join(', ') || '—'} | ${list([...emits].sort())} |`;
};

/** The whole table, modules by name. */
export const moduleTable = () => {
  const events = catalogue();
  const graph = moduleImports(MODULES);
  const names = readdirSync(MODULES).filter((n) => statSync(join(MODULES, n)).isDirectory()).sort();
  return [
    START,
    '| module | what its door says | door exports (values) | tables it declares | modules it imports | events it stages |',
    '| --- | --- | --- | --- | --- | --- |',
    ...names.map((n) => rowOf(n, events, graph)),
    END,
  ].join('\n');
};

const committed = () => {
  const doc = readFileSync(DOC, 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a < 0 || b < 0 ? { doc, block: null } : { doc, block: doc.slice(a, b + END.length), a, b };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const table = moduleTable();
  if (process.argv.includes('--write')) {
    const { doc, block } = committed();
    if (block === null) throw new Error(`${relative(root, DOC)} has no ${START} … ${END} block`);
    writeFileSync(DOC, doc.replace(block, table));
    console.log(`[module-table] ${relative(root, DOC)} updated`);
  } else if (process.argv.includes('--check')) {
    const { block } = committed();
    if (block !== table) {
      console.error(`[module-table] ${relative(root, DOC)}'s module table is not the code's: run node scripts/module-table.mjs --write`);
      process.exit(1);
    }
    console.log('[module-table] up to date');
  } else {
    console.log(table);
  }
}
