/**
 * No cycle among the server modules' run-time imports (issue 27 §3): a module that needs something
 * of one above it takes a port (tickets' TicketMessaging) or the work moves up (onboarding).
 * scripts/module-graph.mjs reads the imports; shown failing on planted modules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types (the same one `node scripts/module-graph.mjs` runs)
import { moduleCycles, moduleImports } from '../../../scripts/module-graph.mjs';

interface Cycle {
  modules: string[];
  edges: string[];
}
const cycles = moduleCycles as (graph?: unknown) => Cycle[];
const imports = moduleImports as (dir?: string) => Map<string, Map<string, { typeOnly: boolean; files: string[] }>>;

const planted = mkdtempSync(join(tmpdir(), 'module-cycles-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));
const plant = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(planted, 'modules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return cycles(imports(dir));
};

describe('module cycles', () => {
  it('the server has none', () => {
    expect(cycles()).toEqual([]);
  });

  it('sees the ones issue 27 found, as they were: tickets ↔ messages through the door', () => {
    const found = plant({
      'tickets/index.ts': "export * from './tickets.transitions';\n",
      'tickets/tickets.transitions.ts': "import { queueOutbound } from '../messages';\nexport const t = queueOutbound;\n",
      'messages/index.ts': "export { queueOutbound } from './outbound';\n",
      'messages/outbound.ts': "import { ticketsQueries } from '../tickets';\nexport const queueOutbound = ticketsQueries;\n",
    });
    expect(found.map((c) => c.modules)).toEqual([['messages', 'tickets']]);
    expect(found[0]!.edges).toContain('tickets → messages (tickets/tickets.transitions.ts)');
  });

  it('counts dynamic import() and deep imports, across three modules', () => {
    const found = plant({
      'a/index.ts': "export const a = () => import('../b/b.service');\n",
      'b/b.service.ts': "import { c } from '../c/index';\nexport const b = c;\n",
      'c/index.ts': "import { a } from '../a';\nexport const c = a;\n",
    });
    expect(found.map((c) => c.modules)).toEqual([['a', 'b', 'c']]);
  });

  it('leaves out imports of types only and of table files (schema), and tests', () => {
    const found = plant({
      'a/index.ts': "import type { B } from '../b';\nimport { type C } from '../c';\nimport { bs } from '../b/b.table';\nexport const a = bs;\n",
      'b/index.ts': "import { a } from '../a';\nexport type B = typeof a;\n",
      'b/b.table.ts': 'export const bs = 1;\n',
      'c/index.ts': "import { a } from '../a';\nexport type C = typeof a;\n",
      'c/c.test.ts': "import { a } from '../a';\nimport { b } from '../b';\n",
    });
    expect(found).toEqual([]);
  });
});
