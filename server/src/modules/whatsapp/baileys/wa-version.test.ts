import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWaVersion, parseWaVersion, WaVersionCache } from './wa-version';
import { startLocalServer } from '../../../../test/helpers/local-server';

describe('parseWaVersion', () => {
  it('reads client_revision as WhatsApp Web writes it, plain or JSON-escaped inside the script', () => {
    expect(parseWaVersion('{"client_revision":1023456789,"x":1}')).toEqual([2, 3000, 1023456789]);
    expect(parseWaVersion('JSON.parse("{\\"client_revision\\": 1011111111}")')).toEqual([2, 3000, 1011111111]);
    expect(parseWaVersion('<html>nothing here</html>')).toBeUndefined();
    expect(parseWaVersion('"client_revision":"abc"')).toBeUndefined();
  });
});

describe('WaVersionCache against a local server', () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  let url = '';
  let hits = 0;
  let answer: { status: number; body: string } = { status: 200, body: '' };
  let hold: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    server = await startLocalServer((_req, res) => {
      hits += 1;
      void hold.then(() => {
        res.writeHead(answer.status);
        res.end(answer.body);
      });
    });
    url = `${server.base}/sw.js`;
  });
  afterAll(() => server.close());

  it('starts without a version (Baileys bundles one), shares one look-up between concurrent 405s', async () => {
    const cache = new WaVersionCache(url);
    expect(cache.current()).toBeUndefined();
    answer = { status: 200, body: '"client_revision":1020000001' };
    let release = () => undefined as void;
    hold = new Promise<void>((r) => (release = r));
    const before = hits;
    const a = cache.refresh();
    const b = cache.refresh();
    release();
    await Promise.all([a, b]);
    expect(hits - before).toBe(1);
    expect(cache.current()).toEqual([2, 3000, 1020000001]);
  });

  it('keeps the version it had when the source fails, answers nonsense, or is unreachable', async () => {
    hold = Promise.resolve();
    const cache = new WaVersionCache(url);
    answer = { status: 200, body: '"client_revision":1020000002' };
    await cache.refresh();
    for (const bad of [{ status: 503, body: 'down' }, { status: 200, body: 'no revision' }]) {
      answer = bad;
      await cache.refresh();
      expect(cache.lastError).toBeInstanceOf(Error);
      expect(cache.current()).toEqual([2, 3000, 1020000002]);
    }
    const closed = new WaVersionCache('http://127.0.0.1:1/sw.js', { timeoutMs: 2_000 });
    await expect(closed.refresh()).resolves.toBeUndefined();
    expect(closed.lastError).toBeDefined();
    expect(closed.current()).toBeUndefined();
    await expect(fetchWaVersion(url)).rejects.toThrow('no client_revision');
  });
});
