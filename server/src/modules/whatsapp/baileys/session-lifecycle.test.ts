/**
 * Sessions that stay up: the QR limit, pairing by phone number, the watchdog and the 405
 * WhatsApp Web version refresh, each driven through the Baileys channel over the FakeSocket
 * with the test scheduler (no real waiting).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, MAX_ATTEMPTS, WATCHDOG } from '../failure-policy';
import * as sessionEvents from '../session-events.repository';
import { baileysWorld, record, useContractEnv } from '../test/contract-harness';
import { WaVersionCache } from './wa-version';
import { startLocalServer } from '../../../../test/helpers/local-server';

const env = useContractEnv();

const timeline = async (whatsappId: number) =>
  (await env.app.data.withTenant({ companyId: env.company.companyId }, ({ tx }) => sessionEvents.listLatest(tx, env.company.companyId, whatsappId, 100)))
    .reverse()
    .map((e) => ({ status: e.status, reason: e.reason, code: e.code }));
const authRows = async (whatsappId: number) => Number((await env.app.owner`select count(*)::int as n from whatsapp_auth where whatsapp_id = ${whatsappId}`)[0]!.n);

describe('QR limit', () => {
  it('after the 5th QR expires: socket ended, DISCONNECTED with the reason and an alert, no reconnect; connect() starts over', async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    for (let i = 1; i <= 5; i++) w.current().qr(`QR-${i}`);
    await w.settle();
    expect(seen.statuses.filter((s) => s.status === 'qrcode').map((s) => s.qrcode)).toEqual(['QR-1', 'QR-2', 'QR-3', 'QR-4', 'QR-5']);
    expect(w.current().ended).toBeUndefined();

    w.current().qr('QR-6');
    await w.settle();
    expect(seen.statuses.at(-1)).toEqual({
      status: 'DISCONNECTED',
      qrcode: '',
      alert: { kind: 'pairing-expired', code: null, reason: 'QR code not scanned: 5 codes expired' },
    });
    expect(w.current().ended).toBeDefined();
    expect(seen.statuses.some((s) => s.qrcode === 'QR-6')).toBe(false);
    await w.runTimers();
    expect(w.sockets).toHaveLength(1);
    expect((await timeline(w.whatsappId)).at(-1)).toEqual({ status: 'DISCONNECTED', reason: 'QR code not scanned: 5 codes expired', code: null });

    // "New QR code": a fresh attempt with a fresh count.
    await w.channel.connect();
    expect(w.sockets).toHaveLength(2);
    for (let i = 1; i <= 5; i++) w.current().qr(`NEW-${i}`);
    await w.settle();
    expect(seen.statuses.at(-1)).toEqual({ status: 'qrcode', qrcode: 'NEW-5' });
    await w.channel.disconnect();
  });

  it('takes the limit as an option, and a scan in time resets the count', async () => {
    const w = await baileysWorld(env, undefined, { qrLimit: 2 });
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().qr('A');
    w.current().qr('B');
    await w.settle();
    w.current().open();
    await w.settle();
    expect(seen.statuses.at(-1)!.status).toBe('CONNECTED');
    // WhatsApp asks for a QR again on a later socket (say after a 515): the count starts over.
    w.current().close(515);
    await w.settle();
    w.current().qr('C');
    w.current().qr('D');
    await w.settle();
    expect(seen.statuses.at(-1)).toEqual({ status: 'qrcode', qrcode: 'D' });
    w.current().qr('E');
    await w.settle();
    expect(seen.statuses.at(-1)!.status).toBe('DISCONNECTED');
  });
});

describe('pairing code by phone number', () => {
  it('asks Baileys for the code on the first QR, shows PAIRING with the code (never the QR), then CONNECTED', async () => {
    const w = await baileysWorld(env, undefined, { pairingPhone: '5561988887777' });
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().connecting();
    await w.settle();
    expect(w.current().pairingRequests).toEqual([]);

    w.current().qr('REF-1');
    await w.settle();
    expect(w.current().pairingRequests).toEqual(['5561988887777']);
    expect(seen.statuses.at(-1)).toEqual({ status: 'PAIRING', qrcode: '', pairingCode: 'K7QM2XPA' });
    w.current().qr('REF-2');
    await w.settle();
    expect(w.current().pairingRequests).toHaveLength(1);

    w.current().open();
    await w.settle();
    expect(seen.statuses.map((s) => s.status)).toEqual(['OPENING', 'PAIRING', 'CONNECTED']);
    expect(seen.statuses.some((s) => s.status === 'qrcode' || s.qrcode)).toBe(false);
    expect((await timeline(w.whatsappId)).map((e) => e.status)).toEqual(['OPENING', 'PAIRING', 'CONNECTED']);
    await w.channel.disconnect();
  });

  it('gives up like a QR when the code is not typed in time, forgetting the number stored in the creds', async () => {
    const w = await baileysWorld(env, undefined, { pairingPhone: '5561988887777', qrLimit: 3 });
    const seen = record(w.channel);
    await w.channel.connect();
    for (let i = 1; i <= 3; i++) w.current().qr(`REF-${i}`);
    await w.settle();
    expect(await authRows(w.whatsappId)).toBeGreaterThan(0);
    w.current().qr('REF-4');
    await w.settle();
    expect(seen.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', alert: { kind: 'pairing-expired' } });
    expect(seen.statuses.at(-1)!.alert!.reason).toContain('pairing code not entered in time');
    expect(await authRows(w.whatsappId)).toBe(0);
    expect(w.sockets).toHaveLength(1);
  });

  it('stops with the reason when WhatsApp refuses to give a code', async () => {
    const w = await baileysWorld(env, undefined, { pairingPhone: '5561988887777' });
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().requestPairingCode = () => Promise.reject(new Error('bad-request'));
    w.current().qr('REF-1');
    await w.settle();
    expect(seen.statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: '' });
    expect((await timeline(w.whatsappId)).at(-1)!.reason).toBe('pairing code request failed: bad-request');
    expect(w.current().ended).toBeDefined();
    await w.runTimers();
    expect(w.sockets).toHaveLength(1);
  });
});

describe('watchdog', () => {
  const SILENT = WATCHDOG.silentMs;
  const PROBE = WATCHDOG.probeTimeoutMs;
  const clocked = async () => {
    let t = Date.parse('2026-01-05T12:00:00Z');
    const w = await baileysWorld(env, undefined, { watchdog: WATCHDOG, now: () => new Date(t) });
    const seen = record(w.channel);
    return { w, seen, advance: (ms: number) => (t += ms) };
  };
  const pending = (w: Awaited<ReturnType<typeof clocked>>['w']) => w.scheduled.filter((s) => !s.cancelled).map((s) => s.ms);

  it('only watches a CONNECTED socket, and any event pushes the probe back', async () => {
    const { w, advance } = await clocked();
    await w.channel.connect();
    w.current().qr('QR');
    await w.settle();
    expect(pending(w)).toEqual([]);
    w.current().open();
    await w.settle();
    expect(pending(w)).toEqual([SILENT]);

    advance(SILENT - 60_000);
    w.current().emit('presence.update', { id: '5561981234567@s.whatsapp.net', presences: {} });
    await w.settle();
    advance(60_000);
    await w.runTimers();
    // Heard 60 s ago: no probe yet, the next check waits for the rest of the silent window.
    expect(w.current().queries).toEqual([]);
    expect(pending(w)).toEqual([SILENT - 60_000]);
    await w.channel.disconnect();
    expect(pending(w)).toEqual([]);
  });

  it('probes a silent socket with a ping to the server and keeps it when answered', async () => {
    const { w, seen, advance } = await clocked();
    await w.channel.connect();
    w.current().open();
    await w.settle();
    advance(SILENT);
    await w.runTimers();
    expect(w.current().queries).toHaveLength(1);
    expect(w.current().queries[0]).toMatchObject({ tag: 'iq', attrs: { type: 'get', xmlns: 'w:p', to: '@s.whatsapp.net' } });
    expect(w.sockets).toHaveLength(1);
    expect(seen.statuses.at(-1)!.status).toBe('CONNECTED');
    expect(pending(w)).toEqual([SILENT]);
    await w.channel.disconnect();
  });

  it.each(['fail', 'hang'] as const)('recycles a silent socket whose probe does not answer (%s) and stores "watchdog: no answer"', async (answer) => {
    const { w, seen, advance } = await clocked();
    await w.channel.connect();
    w.current().open();
    await w.settle();
    const first = w.current();
    first.queryAnswer = answer;
    advance(SILENT + 1);
    await w.runTimers();
    expect(first.queries).toHaveLength(1);
    if (answer === 'hang') {
      expect(w.sockets).toHaveLength(1);
      expect(pending(w)).toEqual([PROBE]);
      advance(PROBE);
      await w.runTimers();
    }
    expect(w.sockets).toHaveLength(2);
    expect(first.ended).toBeDefined();
    expect(seen.statuses.at(-1)).toEqual({ status: 'OPENING', qrcode: '' });
    expect((await timeline(w.whatsappId)).slice(-2)).toEqual([
      { status: 'CONNECTED', reason: 'connected', code: null },
      { status: 'OPENING', reason: 'watchdog: no answer', code: null },
    ]);
    // The new socket comes up through the normal path and is watched in turn.
    w.current().open();
    await w.settle();
    expect(seen.statuses.at(-1)!.status).toBe('CONNECTED');
    expect(pending(w)).toEqual([SILENT]);
    await w.channel.disconnect();
  });
});

describe('alerts on the status', () => {
  it('401 alerts at once; 440 only once it repeats; giving up alerts; routine reconnects never do', async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().open();
    await w.settle();
    w.current().close(440);
    await w.settle();
    expect(seen.statuses.at(-1)).toEqual({ status: 'TIMEOUT', qrcode: '' });
    await w.runTimers();
    w.current().close(440);
    await w.settle();
    expect(seen.statuses.at(-1)).toMatchObject({ status: 'TIMEOUT', alert: { kind: 'replaced', code: 440 } });
    await w.runTimers();
    w.current().open();
    await w.settle();
    w.current().close(401);
    await w.settle();
    expect(seen.statuses.at(-1)).toEqual({
      status: 'DISCONNECTED',
      qrcode: '',
      alert: { kind: 'logged-out', code: 401, reason: 'logged out from the phone (401): scan a new QR code' },
    });
    expect(seen.statuses.filter((s) => s.alert).map((s) => s.alert!.kind)).toEqual(['replaced', 'logged-out']);
  });

  it('gives up after the attempt limit with a gave-up alert naming the last code', async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().open();
    await w.settle();
    for (let i = 0; i <= MAX_ATTEMPTS; i++) {
      w.current().close(503);
      await w.settle();
      await w.runTimers();
    }
    expect(seen.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', alert: { kind: 'gave-up', code: 503 } });
    expect(seen.statuses.filter((s) => s.alert)).toHaveLength(1);
  });
});

describe('405: WhatsApp Web version refresh', () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  let body = '';
  let statusCode = 200;
  let hits = 0;
  let url = '';
  beforeAll(async () => {
    server = await startLocalServer((_req, res) => {
      hits += 1;
      res.writeHead(statusCode, { 'content-type': 'application/javascript' });
      res.end(body);
    });
    url = `${server.base}/sw.js`;
  });
  afterAll(() => server.close());

  it('fetches the current version, backs off, and hands it to every later socket; a failed fetch keeps it', async () => {
    const version = new WaVersionCache(url);
    const w = await baileysWorld(env, undefined, { version });
    const seen = record(w.channel);
    await w.channel.connect();
    expect(w.factoryOpts[0]!.version).toBeUndefined();
    w.current().open();
    await w.settle();

    body = 'self.__swData=JSON.parse(/*BTDS*/"{\\"dynamic_data\\":{\\"SiteData\\":{\\"client_revision\\":1029384756}}}");';
    statusCode = 200;
    w.current().close(405);
    await w.settle();
    expect(seen.statuses.at(-1)!.status).toBe('TIMEOUT');
    expect(w.scheduled.map((t) => t.ms)).toEqual([backoffMs(1, () => 0)]);
    await w.runTimers();
    expect(w.sockets).toHaveLength(2);
    expect(w.factoryOpts[1]!.version).toEqual([2, 3000, 1029384756]);
    expect(hits).toBe(1);

    // The source fails now: the version found before stays, and the channel still backs off.
    statusCode = 500;
    body = 'oops';
    w.current().close(405);
    await w.settle();
    expect(w.scheduled.filter((t) => !t.cancelled).map((t) => t.ms)).toEqual([backoffMs(2, () => 0)]);
    await w.runTimers();
    expect(hits).toBe(2);
    expect(version.lastError).toBeInstanceOf(Error);
    expect(w.sockets).toHaveLength(3);
    expect(w.factoryOpts[2]!.version).toEqual([2, 3000, 1029384756]);
    expect((await timeline(w.whatsappId)).filter((e) => e.code === 405)).toHaveLength(2);
    await w.channel.disconnect();
  });
});
