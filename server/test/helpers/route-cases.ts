import type { IsolationCases } from './isolation-world';
import type { BadInputRows } from './bad-input-world';

// The route tables' rows live beside their modules (issue 25, decision 0323): each module that
// serves routes has <m>.isolation.cases.ts and <m>.bad-input.cases.ts. Vite's import.meta.glob
// (vitest runs it) finds them, so a new module's case file joins the suites with no runner edited.
// Only these helpers import case files: the server itself never does.

declare global {
  interface ImportMeta {
    /** Vite's import.meta.glob, which vitest expands (vite's own types are not the server's): the two forms used here. */
    glob(pattern: string, options: { eager: true }): Record<string, Record<string, unknown>>;
    glob(pattern: string): Record<string, () => Promise<unknown>>;
  }
}

/** One module's case file as the glob found it. */
export interface CaseFile<T> {
  module: string;
  path: string;
  cases: T;
  /** The file's `isolationRunsLast`: its rows leave records other modules' rows must not see yet. */
  runsLast: boolean;
}

const byModule = <T>(found: Record<string, Record<string, unknown>>, exported: string): CaseFile<T>[] =>
  Object.entries(found)
    .map(([path, file]) => {
      if (!(exported in file)) throw new Error(`${path} exports no ${exported}`);
      return { module: path.split('/').at(-2)!, path: path.replace(/^(\.\.\/)+/, 'server/'), cases: file[exported] as T, runsLast: file.isolationRunsLast === true };
    })
    .sort((a, b) => Number(a.runsLast) - Number(b.runsLast) || a.module.localeCompare(b.module));

export const isolationCaseFiles = (): CaseFile<IsolationCases>[] =>
  byModule(import.meta.glob('../../src/modules/*/*.isolation.cases.ts', { eager: true }), 'isolationCases');

export const badInputCaseFiles = (): CaseFile<BadInputRows>[] =>
  byModule(import.meta.glob('../../src/modules/*/*.bad-input.cases.ts', { eager: true }), 'badInputCases');

/** The runner files of each suite (names only: nothing is imported), to check every shard has one. */
export const runnerFiles = {
  isolation: Object.keys(import.meta.glob('../integration/tenant-isolation.*.test.ts')).map((p) => p.split('/').at(-1)!),
  badInput: Object.keys(import.meta.glob('../integration/bad-input.*.test.ts')).map((p) => p.split('/').at(-1)!),
};

/**
 * Modules dealt to `shards` runner files by their number of rows: the heaviest first, each onto
 * the lightest shard so far (ties by name, then by shard number). Deterministic and balanced
 * without a hand-kept list; a new module lands wherever there is room. Module name to shard (1-based).
 */
export const dealShards = (rowsByModule: Record<string, number>, shards: number): Record<string, number> => {
  const load = Array.from({ length: shards }, () => 0);
  const dealt: Record<string, number> = {};
  const heaviestFirst = Object.entries(rowsByModule).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  for (const [module, rows] of heaviestFirst) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest]! += rows;
    dealt[module] = lightest + 1;
  }
  return dealt;
};

/** Route keys claimed by more than one case file, as 'GET /x: a, b' (a route has one owner). */
export const sharedKeys = (files: { module: string; keys: string[] }[]): string[] => {
  const owners = new Map<string, string[]>();
  for (const f of files) for (const k of f.keys) owners.set(k, [...(owners.get(k) ?? []), f.module]);
  return [...owners].filter(([, ms]) => ms.length > 1).map(([k, ms]) => `${k}: ${ms.join(', ')}`);
};

/** Every case file's keys together, sorted. */
export const unionKeys = (files: { keys: string[] }[]): string[] => [...new Set(files.flatMap((f) => f.keys))].sort();
