/**
 * Roles decide through `@balcao/shared` `can()` only (issue 7 §5): no service, route, job or
 * infra file compares a profile or the super flag by hand. The one exception is the ticket
 * visibility rule, which is itself the definition (tickets/visibility.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { can } from '@balcao/shared';

const SRC = join(import.meta.dirname, '..');
const ALLOWED = new Set(['modules/tickets/visibility.ts']);
const AD_HOC = /\bprofile\s*[!=]==?\s*['"]|['"](admin|supervisor|user)['"]\s*[!=]==?\s*\w*\.?profile\b|\bctx\.super\b|\.ctx\.super\b/;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

describe('permission checks', () => {
  it('go through can(): no ad-hoc profile or super comparisons in server code', () => {
    const found = sources(SRC).flatMap((file) => {
      const rel = relative(SRC, file).split('\\').join('/');
      if (ALLOWED.has(rel)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${rel}:${i + 1}`, line: line.trim() }))
        .filter((l) => AD_HOC.test(l.line) && !l.line.startsWith('//') && !l.line.startsWith('*'));
    });
    expect(found).toEqual([]);
  });

  it('grant what the services ask exactly as before: admins, and the super user for the installation', () => {
    for (const p of ['users:create', 'queues:create', 'tickets:delete', 'tickets:closeAll', 'tickets:filterByUser', 'tickets:withoutQueue', 'messages:replyToAnyTicket', 'connections:manage', 'sandbox:use'] as const) {
      expect({ p, admin: can({ profile: 'admin' }, p), supervisor: can({ profile: 'supervisor' }, p), user: can('user', p) }).toEqual({ p, admin: true, supervisor: false, user: false });
    }
    expect([can({ profile: 'user', super: true }, 'companies:manage'), can({ profile: 'admin' }, 'companies:manage'), can({ profile: 'user', super: true }, 'sandbox:use')]).toEqual([true, false, true]);
    expect(can({ profile: 'admin', super: false }, 'companies:viewAnyPlan')).toBe(false);
  });
});
