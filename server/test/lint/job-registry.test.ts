/**
 * Modules bring their own jobs (issue 27 §4): each declares its job names and payloads in its
 * `<m>.job-types.ts` (merged into infra/jobs.ts's empty registry) and its queues in `<m>JobQueues`;
 * infra names no job, and a module works or schedules only jobs it declared.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_QUEUES } from '../../src/job-queues';

const src = resolve(import.meta.dirname, '../../src');
const modulesDir = join(src, 'modules');
const modules = readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory());
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.ts') && !n.endsWith('.test.ts') ? [join(dir, n)] : []));

/** module → the job names its job-types file declares (the keys of its JobPayloads block). */
const declared = new Map(
  modules.map((m) => {
    const path = join(modulesDir, m, `${m}.job-types.ts`);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return [m, []];
    }
    const block = text.slice(text.indexOf('interface JobPayloads {'), text.indexOf('\n  }\n', text.indexOf('interface JobPayloads {')));
    return [m, [...block.matchAll(/^ {4}'([a-z.-]+)':/gm)].map((x) => x[1]!)];
  }),
);
const allDeclared = [...declared.values()].flat();

describe('job registry', () => {
  it('every declared job has a queue, each declared once, by one module', () => {
    expect(allDeclared.length).toBeGreaterThan(10);
    expect(new Set(allDeclared).size).toBe(allDeclared.length);
    expect(Object.keys(JOB_QUEUES).sort()).toEqual([...allDeclared].sort());
  });

  it('infra/jobs.ts names no job: the registry is generic', () => {
    const infra = readFileSync(join(src, 'infra/jobs.ts'), 'utf8');
    expect(allDeclared.filter((name) => infra.includes(`'${name}'`))).toEqual([]);
  });

  it('a module works and schedules only the jobs it declared', () => {
    const strays: string[] = [];
    for (const m of modules) {
      for (const file of files(join(modulesDir, m))) {
        for (const hit of readFileSync(file, 'utf8').matchAll(/\.(work|schedule|setWorker)\(\s*'([a-z.-]+)'/g)) {
          if (!declared.get(m)!.includes(hit[2]!)) strays.push(`${m}: ${hit[1]}('${hit[2]}')`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});
