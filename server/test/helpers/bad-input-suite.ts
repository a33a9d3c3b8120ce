import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRouteKeys, privateRouteKeys, send } from './routes';
import { createBadInputWorld, type BadInputWorld } from './bad-input-world';
import { badInputCaseFiles, dealShards, runnerFiles, sharedKeys, unionKeys } from './route-cases';

/** How many runner files (server/test/integration/bad-input.<n>.test.ts) share the rows. */
export const BAD_INPUT_SHARDS = 3;

/**
 * One shard of the bad input suite: its own app and fixtures, and the rows of its share of the
 * modules. Shard 1 also checks the table is complete. The rows are plain data, so the world can
 * wait for beforeAll.
 */
export const badInputSuite = (shard: number) => {
  if (!(shard >= 1 && shard <= BAD_INPUT_SHARDS)) throw new Error(`shard ${shard} of ${BAD_INPUT_SHARDS}?`);
  let w: BadInputWorld;
  beforeAll(async () => {
    w = await createBadInputWorld();
  });
  afterAll(() => w.app.close());
  const files = badInputCaseFiles().map((f) => ({ ...f, keys: Object.keys(f.cases) }));
  const dealt = dealShards(Object.fromEntries(files.map((f) => [f.module, Object.values(f.cases).flat().length])), BAD_INPUT_SHARDS);

  describe('bad input on every route', () => {
    if (shard === 1) {
      it('has a row for every route that needs a session, and no row for a route the app does not serve', () => {
        const keys = unionKeys(files);
        expect(privateRouteKeys(w.app).filter((k) => !keys.includes(k))).toEqual([]);
        expect(keys.filter((k) => !allRouteKeys(w.app).includes(k))).toEqual([]);
      });
      it('has one case file owning each route', () => expect(sharedKeys(files)).toEqual([]));
      it('has a runner file for every shard', () =>
        expect(runnerFiles.badInput.sort()).toEqual(Array.from({ length: BAD_INPUT_SHARDS }, (_, i) => `bad-input.${i + 1}.test.ts`)));
    }

    for (const f of files.filter((x) => dealt[x.module] === shard)) {
      describe(f.path, () => {
        for (const [route, cases] of Object.entries(f.cases)) {
          for (const c of cases) {
            it(`${route} — ${c.name}`, async () => {
              const r = await send(w.app, c.as === 'super' ? w.superToken : w.co.adminToken, w.resolve(c.req));
              const allowed = [c.status ?? 400].flat();
              expect({ status: r.status, error: r.body.error ?? null }, r.text.slice(0, 300)).toEqual({
                status: allowed.includes(r.status) ? r.status : allowed[0],
                error: r.status === 200 ? null : (c.error ?? (r.status === 400 ? 'ERR_VALIDATION' : expect.stringMatching(/^ERR_/))),
              });
              if (r.body.issues) expect(r.body.issues.length).toBeGreaterThan(0);
            });
          }
        }
      });
    }
  });
};
