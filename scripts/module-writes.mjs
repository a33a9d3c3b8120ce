#!/usr/bin/env node
// Which module writes which table (issue 27 §2): a table belongs to the module whose `*.table.ts`
// declares it, and only that module may insert into, update or delete from it — through drizzle
// (`tx.insert(t)`, `tx.update(t)`, `tx.delete(t)`) or in SQL text (`insert into t`, `update t`,
// `delete from t`, also with the table interpolated: `update ${t}`). Another module asks the
// owner's door for a verb. server/test/lint/module-writes.test.ts fails on any write outside
// the owner and shows each kind caught on planted files.
//
//   node scripts/module-writes.mjs     print every write into another module's table, exit 1 if any
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MODULES, moduleSources } from './module-graph.mjs';

const TABLE = /export\s+const\s+([A-Za-z0-9_$]+)\s*=\s*(?:pgTable|tenantTable|linkTable)\(\s*'([a-z_0-9]+)'/g;

/** Each table: its SQL name and drizzle name → the module that declares it. */
export const tableOwners = (modulesDir = MODULES) => {
  const bySql = new Map();
  const byConst = new Map();
  for (const name of readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory())) {
    for (const file of moduleSources(join(modulesDir, name)).filter((f) => f.endsWith('.table.ts'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(TABLE)) {
        bySql.set(m[2], name);
        byConst.set(m[1], { table: m[2], owner: name });
      }
    }
  }
  return { bySql, byConst };
};

/** Comments out of the way (a why-comment may say "update tickets"), strings and templates kept. */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/[^\n]*/g, (c, pre) => pre + ' '.repeat(c.length - pre.length));

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Every write in `modulesDir`'s sources into a table another module declares. */
export const foreignWrites = (modulesDir = MODULES) => {
  const { bySql, byConst } = tableOwners(modulesDir);
  const found = [];
  for (const name of readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory())) {
    for (const file of moduleSources(join(modulesDir, name))) {
      const text = withoutComments(readFileSync(file, 'utf8'));
      const note = (index, table, how) => {
        const owner = bySql.get(table);
        if (owner && owner !== name) found.push({ module: name, file: relative(modulesDir, file), line: lineOf(text, index), table, owner, how });
      };
      // drizzle: .insert(t) / .update(t) / .delete(t) with t a declared table.
      for (const m of text.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z0-9_$]+)\s*[,)]/g)) {
        const t = byConst.get(m[2]);
        if (t) note(m.index, t.table, `drizzle ${m[1]}`);
      }
      // SQL text: the table written by name (optionally quoted or schema-qualified) or interpolated.
      for (const m of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:(?:public\.)?"?([a-z_][a-z_0-9]*)"?|\$\{\s*([A-Za-z0-9_$]+)\s*\})/gi)) {
        const table = m[2] ?? byConst.get(m[3])?.table;
        if (table && (m[2] ? bySql.has(table) : true)) note(m.index, table, `sql ${m[1].toLowerCase().replace(/\s+/g, ' ')}`);
      }
    }
  }
  return found;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const writes = foreignWrites();
  for (const w of writes) console.log(`${w.file}:${w.line}  ${w.module} writes ${w.table} (${w.owner}'s) — ${w.how}`);
  console.log(`[module-writes] ${writes.length} write(s) into another module's table`);
  process.exit(writes.length ? 1 : 0);
}
