import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proto, type SignalDataSet } from '@whiskeysockets/baileys';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../../test/helpers/world';
import { whatsappAuth } from '../whatsapp-session.table';
import { cachedKeys, usePostgresAuthState, type AuthConnection } from './auth-state';
import { listRaw } from './auth-state.repository';
import { SealError } from '../../../lib/sealed-value';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
const key = randomBytes(32);

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
});
afterAll(() => app.close());

/** A connection of company A with no auth rows yet. */
let extra = 0;
const freshConnection = async (): Promise<AuthConnection> => {
  const [row] = await app.owner`insert into whatsapps (company_id, name) values (${a.companyId}, ${`auth ${++extra}`}) returning id`;
  return { companyId: a.companyId, whatsappId: row!.id as number };
};
const rawRows = (conn: AuthConnection) => app.data.withTenant({ companyId: conn.companyId }, ({ tx }) => listRaw(tx, conn));
const load = (conn: AuthConnection, k = key) => usePostgresAuthState(app.data, conn, k);

const buf = (s: string) => Buffer.from(s, 'utf8');
const syncKey = proto.Message.AppStateSyncKeyData.fromObject({
  keyData: buf('app-state-key-data'),
  fingerprint: { rawId: 7, currentIndex: 2, deviceIndexes: [0, 3] },
  timestamp: 1_700_000_000,
});
/** One value of every Signal key family Baileys 7 stores. */
const everyFamily = (): SignalDataSet => ({
  'pre-key': { '1': { public: buf('pre-pub-1'), private: buf('pre-priv-1') }, '2': { public: buf('pre-pub-2'), private: buf('pre-priv-2') } },
  session: { '5511999990000.0': buf('session-record') },
  'sender-key': { '1203@g.us::5511999990000::0': buf('sender-key-record') },
  'sender-key-memory': { '1203@g.us': { '5511999990000:1@s.whatsapp.net': true } },
  'app-state-sync-key': { AAAAAQ: syncKey },
  'app-state-sync-version': { regular: { version: 3, hash: buf('lt-hash'), indexValueMap: { bWFj: { valueMac: buf('value-mac') } } } },
  'lid-mapping': { '5511999990000': '88001122334455', '88001122334455_reverse': '5511999990000' },
  'device-list': { '5511999990000': ['0', '12'] },
  tctoken: { '5511999990000@s.whatsapp.net': { token: buf('tc-token'), timestamp: '1700000000' } },
  'identity-key': { '5511999990000.0': new Uint8Array([5, 1, 2, 3]) },
});

describe('usePostgresAuthState', () => {
  it('keeps the creds through a restart, Buffers included', async () => {
    const conn = await freshConnection();
    const first = await load(conn);
    const creds = first.state.creds;
    creds.me = { id: '5511999990000:12@s.whatsapp.net', name: 'Balcão' };
    creds.registered = true;
    creds.routingInfo = buf('routing');
    await first.saveCreds();

    const restarted = await load(conn);
    expect(restarted.state.creds).toEqual(creds);
    expect(Buffer.isBuffer(restarted.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.isBuffer(restarted.state.creds.signedPreKey.signature)).toBe(true);
    expect(restarted.state.creds.routingInfo).toEqual(buf('routing'));
    // A connection with nothing stored starts with new creds, not someone else's.
    expect((await load(await freshConnection())).state.creds.noiseKey.private).not.toEqual(creds.noiseKey.private);
  });

  it('writes keys of every family in one set and reads them back after a restart', async () => {
    const conn = await freshConnection();
    const batch = everyFamily();
    await (await load(conn)).state.keys.set(batch);

    const { keys } = (await load(conn)).state;
    for (const [family, values] of Object.entries(batch) as [keyof SignalDataSet, Record<string, unknown>][]) {
      const got = await keys.get(family, [...Object.keys(values), 'missing-id']);
      expect(Object.keys(got).sort(), family).toEqual(Object.keys(values).sort());
      if (family === 'identity-key') expect(got['5511999990000.0']).toEqual(Buffer.from([5, 1, 2, 3]));
      else if (family !== 'app-state-sync-key') expect(got, family).toEqual(values);
    }
    const [sync] = Object.values(await keys.get('app-state-sync-key', ['AAAAAQ']));
    expect(sync).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync!.keyData!)).toEqual(buf('app-state-key-data'));
    expect(sync!.fingerprint?.deviceIndexes).toEqual([0, 3]);
    expect(Number(sync!.timestamp)).toBe(1_700_000_000);
  });

  it('deletes the ids set to null and keeps the others', async () => {
    const conn = await freshConnection();
    const { state } = await load(conn);
    await state.keys.set(everyFamily());
    await state.keys.set({ 'pre-key': { '1': null }, session: { '5511999990000.0': null }, 'lid-mapping': { '5511999990000': '88001122334456' } });

    expect(Object.keys(await state.keys.get('pre-key', ['1', '2']))).toEqual(['2']);
    expect(await state.keys.get('session', ['5511999990000.0'])).toEqual({});
    expect(await state.keys.get('lid-mapping', ['5511999990000'])).toEqual({ '5511999990000': '88001122334456' });
  });

  it('stores every value encrypted, never as JSON', async () => {
    const conn = await freshConnection();
    const auth = await load(conn);
    await auth.saveCreds();
    await auth.state.keys.set(everyFamily());
    const rows = await rawRows(conn);
    expect(rows.length).toBe(13);
    const creds = Buffer.from(auth.state.creds.noiseKey.private).toString('base64');
    for (const r of rows) {
      expect(r.value).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
      for (const plain of ['Buffer', '{', 'pre-priv', buf('pre-priv-1').toString('base64'), '88001122334455', 'keyData', creds]) {
        expect(r.value).not.toContain(plain);
      }
    }
  });

  it('refuses to open the rows with another key', async () => {
    const conn = await freshConnection();
    await (await load(conn)).saveCreds();
    await expect(load(conn, randomBytes(32))).rejects.toBeInstanceOf(SealError);
  });

  it("hides a connection's rows from another company", async () => {
    const conn = { companyId: a.companyId, whatsappId: a.whatsapp.id };
    const auth = await load(conn);
    await auth.saveCreds();
    await auth.state.keys.set(everyFamily());

    const asA = await app.data.withTenant({ companyId: a.companyId }, ({ tx }) => tx.select().from(whatsappAuth));
    const asB = await app.data.withTenant({ companyId: b.companyId }, ({ tx }) => tx.select().from(whatsappAuth));
    expect(asA.length).toBeGreaterThan(0);
    expect(asB).toEqual([]);
    expect(await rawRows({ companyId: b.companyId, whatsappId: a.whatsapp.id })).toEqual([]);
    // Through the auth state itself: B cannot even open A's connection.
    await expect(usePostgresAuthState(app.data, { companyId: b.companyId, whatsappId: a.whatsapp.id }, key)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    });
  });

  it('writes a batch all or nothing: a failure after the first family leaves no partial rows', async () => {
    const conn = await freshConnection();
    const { state } = await load(conn);
    await state.keys.set({ 'pre-key': { '1': { public: buf('old-pub'), private: buf('old-priv') } }, session: { s1: buf('old-session') } });
    const before = await rawRows(conn);

    // Families go in sorted order: pre-key and session are written before tctoken fails to
    // serialize (JSON cannot hold a BigInt), inside the same transaction.
    const poisoned = { token: buf('t'), timestamp: 10n } as unknown as { token: Buffer };
    await expect(
      state.keys.set({
        'pre-key': { '1': { public: buf('new-pub'), private: buf('new-priv') }, '2': { public: buf('p2'), private: buf('k2') } },
        session: { s1: null },
        tctoken: { jid: poisoned },
      }),
    ).rejects.toThrow(/BigInt/);

    expect(await rawRows(conn)).toEqual(before);
    expect(await state.keys.get('pre-key', ['1', '2'])).toEqual({ '1': { public: buf('old-pub'), private: buf('old-priv') } });
    expect(await state.keys.get('session', ['s1'])).toEqual({ s1: buf('old-session') });
  });

  it('stores the 812 pre-keys of a pairing in one set', async () => {
    const conn = await freshConnection();
    const { state } = await load(conn);
    const preKeys: Record<string, { public: Buffer; private: Buffer }> = {};
    for (let i = 1; i <= 812; i++) preKeys[String(i)] = { public: randomBytes(32), private: randomBytes(32) };
    await state.keys.set({ 'pre-key': preKeys });
    const got = await state.keys.get('pre-key', Object.keys(preKeys));
    expect(Object.keys(got)).toHaveLength(812);
    expect(got['812']).toEqual(preKeys['812']);
  });

  it('keys.clear drops the keys but not the creds; clear() drops everything and forgets the identity', async () => {
    const conn = await freshConnection();
    const auth = await load(conn);
    await auth.saveCreds();
    await auth.state.keys.set(everyFamily());
    await auth.state.keys.clear!();
    expect((await rawRows(conn)).map((r) => r.category)).toEqual(['creds']);

    const old = auth.state.creds.noiseKey.private;
    await auth.state.keys.set(everyFamily());
    await auth.clear();
    expect(await rawRows(conn)).toEqual([]);
    expect(auth.state.creds.noiseKey.private).not.toEqual(old);
    // A late saveCreds after a logout writes the fresh identity, not the old one.
    await auth.saveCreds();
    expect((await load(conn)).state.creds.noiseKey.private).not.toEqual(old);
  });
});

describe('cachedKeys', () => {
  it('reads through the cache and forgets values whose write was rolled back', async () => {
    const conn = await freshConnection();
    const { state } = await load(conn);
    const keys = cachedKeys(state.keys, { maxEntries: 10 });
    await keys.set({ session: { s1: buf('v1') } });
    expect(await keys.get('session', ['s1'])).toEqual({ s1: buf('v1') });

    const poisoned = { token: buf('t'), timestamp: 1n } as unknown as { token: Buffer };
    await expect(keys.set({ session: { s1: buf('v2') }, tctoken: { jid: poisoned } })).rejects.toThrow();
    // Baileys' cache took v2 before the write; the database kept v1, and so must the reader.
    expect(await keys.get('session', ['s1'])).toEqual({ s1: buf('v1') });
  });
});
