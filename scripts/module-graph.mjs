#!/usr/bin/env node
// Which server module imports which at run time (issue 27 §3), read from the sources: every
// import of another module's folder (its door, or any file in it) and every dynamic import().
// Left out: imports of types only (erased at build), and imports of another module's `*.table`
// file — a table object is schema (a foreign key names the table it points to; a read joins it),
// not behaviour; what a module may write is the write rule's business (decision 0332).
// scripts/module-table.mjs lists these imports; server/test/lint/module-cycles.test.ts fails on
// any cycle among them.
//
//   node scripts/module-graph.mjs          print each cycle (strongly connected modules), exit 1 if any
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MODULES = join(root, 'server/src/modules');

/** Every .ts file under `dir`, tests and test cases left out. */
export const moduleSources = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return moduleSources(full);
    return name.endsWith('.ts') && !/\.(test|cases)\.ts$|\.bad-input\.|\.isolation\./.test(name) ? [full] : [];
  });

const STATIC = /^import\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']*)'/gm;
const DYNAMIC = /\bimport\(\s*'(\.[^']*)'\s*\)/g;
const EXPORT_FROM = /^export\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']*)'/gm;
/** `{ type A, type B }`: every name a type. */
const onlyTypes = (clause) => /^\{\s*(type\s+[^,}]+,?\s*)+\}$/.test(clause.trim());

/**
 * module → Map(imported module → { typeOnly, files }) for the modules under `modulesDir`.
 * `typeOnly` is true when every import of that module is of types; `files` are those importing values.
 */
export const moduleImports = (modulesDir = MODULES) => {
  const names = readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory()).sort();
  const graph = new Map();
  for (const name of names) {
    const uses = new Map();
    for (const file of moduleSources(join(modulesDir, name))) {
      const text = readFileSync(file, 'utf8');
      const note = (spec, typeOnly) => {
        const target = relative(modulesDir, resolve(dirname(file), spec)).split(sep);
        const other = target[0];
        if (target[0] === '..' || other === name || !names.includes(other)) return;
        if (/\.table$/.test(spec)) return;
        const seen = uses.get(other) ?? { typeOnly: true, files: [] };
        seen.typeOnly &&= typeOnly;
        const at = relative(modulesDir, file);
        if (!typeOnly && !seen.files.includes(at)) seen.files.push(at);
        uses.set(other, seen);
      };
      for (const m of text.matchAll(STATIC)) note(m[3], !!m[1] || onlyTypes(m[2]));
      for (const m of text.matchAll(EXPORT_FROM)) note(m[3], !!m[1] || onlyTypes(m[2]));
      for (const m of text.matchAll(DYNAMIC)) note(m[1], false);
    }
    graph.set(name, uses);
  }
  return graph;
};

/** The cycles of the run-time graph: each strongly connected set of two or more modules (Tarjan). */
export const moduleCycles = (graph = moduleImports()) => {
  const edges = (m) => [...(graph.get(m) ?? new Map())].filter(([, u]) => !u.typeOnly).map(([to]) => to);
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const set = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      set.push(w);
    } while (w !== v);
    if (set.length > 1) cycles.push(set.sort());
  };
  for (const m of graph.keys()) if (!index.has(m)) visit(m);
  return cycles.map((set) => ({ modules: set, edges: set.flatMap((a) => edges(a).filter((b) => set.includes(b)).map((b) => `${a} → ${b} (${graph.get(a).get(b).files.join(', ')})`)) }));
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cycles = moduleCycles();
  for (const c of cycles) console.log(`cycle: ${c.modules.join(', ')}\n  ${c.edges.join('\n  ')}`);
  console.log(`[module-graph] ${cycles.length} cycle(s) among the modules' run-time imports`);
  process.exit(cycles.length ? 1 : 0);
}
