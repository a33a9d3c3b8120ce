/**
 * The private-network guard of admin-typed URLs (issue 28 §6): addresses by range, names by what
 * they resolve to, the socket connecting only to a checked address, redirects never followed.
 */
import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalServer } from '../../test/helpers/local-server';
import { checkOutboundUrl, guardedLookup, OutboundError, outboundRequest } from './outbound';
import { isPrivateAddress } from './private-host';

let server: Awaited<ReturnType<typeof startLocalServer>>;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/redirect') return void res.writeHead(302, { location: `${server.base}/elsewhere` }).end();
    if (req.url === '/big') return void res.end('x'.repeat(10_000));
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
    res.end('ok');
  });
  port = Number(new URL(server.base).port);
});
afterAll(() => server.close());

const refusal = async (url: string, allow = false) => {
  try {
    await outboundRequest({ url, timeoutMs: 1000, maxBytes: 1024, allowPrivateHosts: allow });
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    return err as OutboundError;
  }
};

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.9.9.9', true],
    ['0.0.0.0', true],
    ['10.1.2.3', true],
    ['100.64.0.1', true],
    ['172.20.0.5', true],
    ['192.168.0.10', true],
    ['169.254.169.254', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['::1', true],
    ['[::1]', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a00:1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['2002:7f00:1::', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['100.128.0.1', false],
    ['2606:4700:4700::1111', false],
    ['64:ff9b::808:808', false],
    ['::ffff:8.8.8.8', false],
    ['not-an-ip', false],
  ])('%s → %s', (ip, yes) => {
    expect(isPrivateAddress(ip)).toBe(yes);
  });
});

describe('outboundRequest', () => {
  it('refuses this machine by IP literal in any spelling, connecting to nothing', async () => {
    const before = seen.length;
    for (const host of ['127.0.0.1', '127.1', '2130706433', '0x7f.1', '0.0.0.0', '[::1]', '[::ffff:127.0.0.1]']) {
      const e = await refusal(`http://${host}:${port}/x`);
      expect(e?.kind, host).toBe('blocked-host');
      expect(e?.message).toContain('ALLOW_PRIVATE_HOSTS=1');
    }
    expect(seen.length).toBe(before);
  });

  it('refuses a name that resolves to this machine', async () => {
    const before = seen.length;
    for (const host of ['localhost', 'LOCALHOST']) {
      const e = await refusal(`http://${host}:${port}/x`);
      expect(e?.kind, host).toBe('blocked-host');
      expect(e?.message).toMatch(/127\.0\.0\.1|::1/);
    }
    expect(seen.length).toBe(before);
  });

  it('refuses any name whose answer holds a private address, and connects only to the address it checked (no second lookup to rebind)', async () => {
    const answers = [
      [{ address: '8.8.8.8', family: 4 }, { address: '10.0.0.5', family: 4 }],
      [{ address: '127.0.0.1', family: 4 }],
    ];
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _opts: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) => {
      cb(null, answers.shift() ?? []);
    }) as unknown as typeof dns.lookup);
    try {
      const mixed = await refusal(`http://rebind.example:${port}/x`);
      expect(mixed).toMatchObject({ kind: 'blocked-host', message: expect.stringContaining('10.0.0.5') });
      // The next answer (127.0.0.1) would rebind: the connection must not ask again.
      answers.unshift([{ address: '8.8.4.4', family: 4 }]);
      const before = seen.length;
      await outboundRequest({ url: `http://rebind.example:${port}/y`, timeoutMs: 300, maxBytes: 10, allowPrivateHosts: false }).catch(() => undefined);
      expect(lookup).toHaveBeenCalledTimes(2);
      expect(seen.length).toBe(before);
    } finally {
      lookup.mockRestore();
    }
    const direct = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', { family: 4 }, (err) => resolve(err)));
    expect(direct?.code).toBe('ERR_BLOCKED_HOST');
  });

  it('calls a private address only when ALLOW_PRIVATE_HOSTS=1 says so', async () => {
    const res = await outboundRequest({ url: `http://localhost:${port}/allowed`, timeoutMs: 1000, maxBytes: 1024, allowPrivateHosts: true });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('ok');
    expect(seen.at(-1)).toBe('/allowed');
  });

  it('never follows a redirect: the 3xx is the answer', async () => {
    const res = await outboundRequest({ url: `${server.base}/redirect`, timeoutMs: 1000, maxBytes: 1024, allowPrivateHosts: true });
    expect(res.status).toBe(302);
    expect(seen).not.toContain('/elsewhere');
  });

  it('refuses what is not http(s); caps the answer; times out', async () => {
    expect((await refusal('ftp://example.com/x'))?.kind).toBe('bad-url');
    expect((await refusal('file:///etc/passwd'))?.kind).toBe('bad-url');
    const big = await outboundRequest({ url: `${server.base}/big`, timeoutMs: 1000, maxBytes: 100, allowPrivateHosts: true });
    expect(big).toMatchObject({ status: 200, over: true });
    expect(big.body.length).toBe(100);
    const slow = await outboundRequest({ url: `${server.base}/slow`, timeoutMs: 100, maxBytes: 100, allowPrivateHosts: true }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ kind: 'timeout' });
  });
});

describe('checkOutboundUrl (when a URL is saved)', () => {
  it('refuses a private literal or a name resolving to one, naming ALLOW_PRIVATE_HOSTS; lets a public or unresolvable one through', async () => {
    expect(await checkOutboundUrl('http://localhost/hook', false)).toMatchObject({ refusal: 'blocked-host', message: expect.stringContaining('ALLOW_PRIVATE_HOSTS=1') });
    expect(await checkOutboundUrl('http://[::ffff:7f00:1]/hook', false)).toMatchObject({ refusal: 'blocked-host' });
    expect(await checkOutboundUrl('http://169.254.169.254/latest/meta-data', false)).toMatchObject({ refusal: 'blocked-host' });
    expect(await checkOutboundUrl('gopher://x', false)).toMatchObject({ refusal: 'bad-url' });
    expect(await checkOutboundUrl('https://8.8.8.8/hook', false)).toBeNull();
    expect(await checkOutboundUrl('https://name.invalid/hook', false)).toBeNull();
    expect(await checkOutboundUrl('http://localhost/hook', true)).toBeNull();
  });
});
