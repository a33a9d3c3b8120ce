import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Fetch } from './server.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { checkServer, createServerChoice } = await import('./server.js');
const { memoryStorage } = await import('./store.js');

let server: Server;
let base: string;
const answers: Record<string, [number, string]> = {
  '/version': [200, JSON.stringify({ version: '1.4.0' })],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, body] = answers[req.url ?? ''] ?? [404, 'not found'];
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('the server choice', () => {
  it('is empty on the first run, then keeps the canonical address', () => {
    const storage = memoryStorage();
    const choice = createServerChoice(storage);
    expect(choice.get()).toBeNull();
    choice.set('https://Balcao.Example.com/');
    expect(createServerChoice(storage).get()).toBe('https://balcao.example.com');
  });

  it('uses BALCAO_URL until the user chooses, and ignores an edited, unusable file', () => {
    const storage = memoryStorage({ serverUrl: 'ftp://x' });
    expect(createServerChoice(storage, 'http://localhost:8080').get()).toBe('http://localhost:8080');
    createServerChoice(storage).set('https://b.example.com');
    expect(createServerChoice(storage, 'http://localhost:8080').get()).toBe('https://b.example.com');
    expect(() => createServerChoice(storage, 'file:///etc')).toThrow(/BALCAO_URL/);
    expect(() => createServerChoice(storage).set('https://a.example/path')).toThrow();
  });
});

describe('checkServer (GET /version)', () => {
  it('answers the version of a Balcão server', async () => {
    expect(await checkServer(base, fetch as Fetch)).toEqual({ ok: true, url: base, version: '1.4.0' });
  });

  it('tells another kind of server apart from no server', async () => {
    answers['/version'] = [200, '<html>hello</html>'];
    expect(await checkServer(base, fetch as Fetch)).toEqual({ ok: false, url: base, reason: 'notBalcao' });
    answers['/version'] = [500, '{}'];
    expect(await checkServer(base, fetch as Fetch)).toMatchObject({ ok: false, reason: 'notBalcao' });
    answers['/version'] = [200, JSON.stringify({ version: '1.4.0' })];
    expect(await checkServer('http://127.0.0.1:1', fetch as Fetch)).toEqual({ ok: false, url: 'http://127.0.0.1:1', reason: 'unreachable' });
  });

  it('gives up after its timeout', async () => {
    const hanging: Fetch = (_url, init) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
    expect(await checkServer(base, hanging, 20)).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
