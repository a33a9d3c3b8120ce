/**
 * What a restart finds: linked sessions caught reconnecting resume like CONNECTED ones; QR codes
 * and pairing codes shown before the restart are dead, so those rows become DISCONNECTED.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import { FakeSocket } from './baileys/test/fake-socket';

let app: TestApp;
let a: TestCompany;
const sockets: FakeSocket[] = [];

beforeAll(async () => {
  app = await createTestApp({
    config: { waEncryptionKey: randomBytes(32) },
    baileysSocketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  a = await createCompany(app);
});
afterAll(() => app.close());

/** A Baileys connection whose timeline went through `history` and whose row says `status`. */
const connection = async (name: string, status: ConnectionStatus, history: ConnectionStatus[]) => {
  const [row] = await app.owner`insert into whatsapps (company_id, name, provider, status, qrcode) values (${a.companyId}, ${name}, 'baileys', ${status}, ${status === 'qrcode' ? 'QR-VELHO' : ''}) returning id`;
  const id = row!.id as number;
  let t = Date.now() - 60_000;
  for (const s of history) await app.owner`insert into whatsapp_session_events (company_id, whatsapp_id, status, at) values (${a.companyId}, ${id}, ${s}, ${new Date((t += 1_000))})`;
  return id;
};
const row = async (id: number) => (await app.owner`select status, qrcode from whatsapps where id = ${id}`)[0];
const lastEvent = async (id: number) => (await app.owner`select status, reason from whatsapp_session_events where whatsapp_id = ${id} order by at desc, id desc limit 1`)[0];

describe('boot resume', () => {
  it('resumes linked sessions a restart caught reconnecting, and ends interrupted pairings', async () => {
    const reconnecting = await connection('Reconectando', 'TIMEOUT', ['OPENING', 'qrcode', 'CONNECTED', 'TIMEOUT']);
    const restarting = await connection('Reiniciando', 'OPENING', ['qrcode', 'CONNECTED', 'OPENING']);
    const showingQr = await connection('QR na tela', 'qrcode', ['OPENING', 'qrcode']);
    const pairing = await connection('Código', 'PAIRING', ['OPENING', 'PAIRING']);
    const firstConnect = await connection('Primeira vez', 'OPENING', ['DISCONNECTED', 'OPENING']);
    const relinking = await connection('Depois do logout', 'TIMEOUT', ['CONNECTED', 'DISCONNECTED', 'OPENING', 'TIMEOUT']);
    const before = sockets.length;

    await app.sessions.claimOrphans({ boot: true });

    expect(app.sessions.get(reconnecting)).toBeDefined();
    expect(app.sessions.get(restarting)).toBeDefined();
    expect(sockets.length - before).toBe(2);
    for (const id of [showingQr, pairing, firstConnect, relinking]) {
      expect(app.sessions.get(id)).toBeUndefined();
      expect(await row(id)).toEqual({ status: 'DISCONNECTED', qrcode: '' });
      expect(await lastEvent(id)).toEqual({ status: 'DISCONNECTED', reason: 'the server restarted during pairing: start again' });
    }
  });
});
