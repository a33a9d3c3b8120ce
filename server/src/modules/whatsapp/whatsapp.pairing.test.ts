/**
 * Pairing and alerts through the whole server: POST /whatsappsession/:id with a phone number,
 * the pairing code reaching admins only (socket and GET), the QR limit, and `whatsappAlert`
 * reaching the connection's company admins and nobody else. Baileys runs over FakeSockets.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type WhatsappAlertPayload, type WhatsappDto, type WhatsappSessionPayload } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { recordEvents, type Received } from '../../../test/helpers/sockets';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { DEFAULT_WA } from '../../infra/config';
import type { BaileysChannel } from './baileys/baileys.channel';
import { FakeSocket } from './baileys/test/fake-socket';
import type { BaileysSocketOptions } from './baileys/socket';

let app: TestApp;
let A: TestCompany;
let B: TestCompany;
let sA: Socket;
let sB: Socket;
let sAgent: Socket;
let seenB: Received[];
let seenAgent: Received[];
const sockets: FakeSocket[] = [];
const factoryOpts: BaileysSocketOptions[] = [];

beforeAll(async () => {
  app = await createTestApp({
    config: { waEncryptionKey: randomBytes(32), wa: { ...DEFAULT_WA, qrLimit: 2 } },
    baileysSocketFactory: (opts) => {
      const s = new FakeSocket();
      sockets.push(s);
      factoryOpts.push(opts);
      return s;
    },
  });
  A = await createCompany(app);
  B = await createCompany(app);
  sA = await connectSocket(app, A.adminToken);
  sB = await connectSocket(app, B.adminToken);
  sAgent = await connectSocket(app, (await A.addUser({})).token);
  seenB = recordEvents(sB);
  seenAgent = recordEvents(sAgent);
});
afterAll(async () => {
  for (const s of [sA, sB, sAgent]) s?.disconnect();
  await app.close();
});

const baileysConnection = async (c: TestCompany, name: string) => {
  const r = await api(app, c.adminToken).post<WhatsappDto>('/whatsapp', { name, provider: 'baileys' });
  expect(r.status).toBe(200);
  return r.body;
};
/** Lets the channel handle what its socket emitted. */
const settle = async (id: number) => {
  await new Promise((r) => setImmediate(r));
  await (app.sessions.get(id) as BaileysChannel | undefined)?.idle();
};
const sessionOf = (c: TestCompany, id: number, status: string) =>
  nextEvent<{ session: WhatsappSessionPayload }>(c === A ? sA : sB, wireEvent(c.companyId, 'whatsappSession'), (p) => p.session.id === id && p.session.status === status);
const alertOf = (c: TestCompany, id: number) =>
  nextEvent<{ action: string; alert: WhatsappAlertPayload }>(c === A ? sA : sB, wireEvent(c.companyId, 'whatsappAlert'), (p) => p.alert.whatsappId === id);

describe('POST /whatsappsession/:id with a phone number', () => {
  it('pairs by code: PAIRING with the code to the admins (socket and GET), never to agents, then CONNECTED', async () => {
    const w = await baileysConnection(A, 'Por código');
    const admin = api(app, A.adminToken);
    const started = await admin.post<WhatsappDto>(`/whatsappsession/${w.id}`, { phoneNumber: '5561988887777' });
    expect(started.status).toBe(200);
    const sock = sockets.at(-1)!;

    const pairing = sessionOf(A, w.id, 'PAIRING');
    sock.qr('REF-1');
    await settle(w.id);
    expect(sock.pairingRequests).toEqual(['5561988887777']);
    expect((await pairing).session).toMatchObject({ status: 'PAIRING', pairingCode: 'K7QM2XPA', qrcode: '' });
    expect((await admin.get<WhatsappDto>(`/whatsapp/${w.id}`)).body).toMatchObject({ status: 'PAIRING', pairingCode: 'K7QM2XPA', qrcode: '' });

    const { token } = await A.addUser({});
    const asAgent = (await api(app, token).get<WhatsappDto[]>('/whatsapp')).body.find((x) => x.id === w.id);
    expect(asAgent).toMatchObject({ status: 'PAIRING', pairingCode: '', qrcode: '' });
    expect((await api(app, token).get(`/whatsapp/${w.id}`)).status).toBe(403);

    const up = sessionOf(A, w.id, 'CONNECTED');
    sock.open();
    await settle(w.id);
    expect((await up).session).toMatchObject({ pairingCode: '', qrcode: '' });
    // The agent's socket never heard the code (session events are for admins).
    expect(JSON.stringify(seenAgent)).not.toContain('K7QM2XPA');
    expect(JSON.stringify(seenB)).not.toContain('K7QM2XPA');
    await admin.del(`/whatsappsession/${w.id}`);
  });

  it.each([
    ['letters', { phoneNumber: '55619abc7777' }],
    ['too short', { phoneNumber: '556199' }],
    ['too long', { phoneNumber: '5561988887777123' }],
    ['formatted', { phoneNumber: '+55 (61) 98888-7777' }],
    ['a number', { phoneNumber: 5561988887777 }],
  ])('refuses a phone number that is not 10 to 15 digits (%s) with ERR_VALIDATION', async (_name, body) => {
    const r = await api(app, A.adminToken).post(`/whatsappsession/${A.whatsapp.id}`, body);
    expect(r).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});

describe('QR limit and admin alerts', () => {
  it("after the QR limit: DISCONNECTED, an alert to A's admins only; POST starts again with a new QR", async () => {
    const w = await baileysConnection(A, 'Sem leitura');
    const admin = api(app, A.adminToken);
    await admin.post(`/whatsappsession/${w.id}`);
    const first = sockets.at(-1)!;
    first.qr('QR-1');
    first.qr('QR-2');
    await settle(w.id);
    expect((await admin.get<WhatsappDto>(`/whatsapp/${w.id}`)).body).toMatchObject({ status: 'qrcode', qrcode: 'QR-2' });

    const alert = alertOf(A, w.id);
    const down = sessionOf(A, w.id, 'DISCONNECTED');
    first.qr('QR-3');
    await settle(w.id);
    expect((await alert).alert).toMatchObject({ whatsappId: w.id, name: 'Sem leitura', kind: 'pairing-expired', code: null, status: 'DISCONNECTED' });
    expect((await down).session.qrcode).toBe('');
    expect(first.ended).toBeDefined();

    // "New QR code".
    const again = sessionOf(A, w.id, 'qrcode');
    expect((await admin.post(`/whatsappsession/${w.id}`)).status).toBe(200);
    expect(sockets.at(-1)).not.toBe(first);
    sockets.at(-1)!.qr('QR-NEW');
    await settle(w.id);
    expect((await again).session.qrcode).toBe('QR-NEW');
    await admin.del(`/whatsappsession/${w.id}`);
  });

  it("a 401 alerts the company's admins; B's admin and A's agents never hear A's alert", async () => {
    const wa = await baileysConnection(A, 'Alfa zap');
    const wb = await baileysConnection(B, 'Bravo zap');
    await api(app, A.adminToken).post(`/whatsappsession/${wa.id}`);
    const sockA = sockets.at(-1)!;
    await api(app, B.adminToken).post(`/whatsappsession/${wb.id}`);
    const sockB = sockets.at(-1)!;
    for (const [s, id] of [[sockA, wa.id], [sockB, wb.id]] as const) {
      s.open();
      await settle(id);
    }

    const alertA = alertOf(A, wa.id);
    sockA.close(401);
    await settle(wa.id);
    expect((await alertA).alert).toMatchObject({ whatsappId: wa.id, name: 'Alfa zap', kind: 'logged-out', code: 401, status: 'DISCONNECTED' });

    // Then B's own alert: B's stream is ordered, so anything of A's would have arrived before it.
    const alertB = alertOf(B, wb.id);
    sockB.close(403);
    await settle(wb.id);
    expect((await alertB).alert).toMatchObject({ whatsappId: wb.id, kind: 'forbidden', code: 403 });
    const alertsB = seenB.filter((r) => r.event.endsWith('-whatsappAlert'));
    expect(alertsB.map((r) => r.event)).toEqual([wireEvent(B.companyId, 'whatsappAlert')]);
    expect(JSON.stringify(seenB)).not.toContain('Alfa zap');
    expect(seenAgent.filter((r) => r.event.endsWith('-whatsappAlert'))).toEqual([]);
  });

  it('disconnect logs out: the phone unlinks the device, the keys are wiped, the next start shows a new QR', async () => {
    const admin = api(app, A.adminToken);
    const w = await baileysConnection(A, 'Sai e volta');
    await admin.post(`/whatsappsession/${w.id}`);
    const linked = sockets.at(-1)!;
    linked.emit('creds.update', { registered: true, me: { id: '5561977776666:3@s.whatsapp.net' } });
    linked.open();
    await settle(w.id);
    const authRows = async () => Number((await app.owner`select count(*)::int as n from whatsapp_auth where whatsapp_id = ${w.id}`)[0]!.n);
    expect(await authRows()).toBeGreaterThan(0);

    const r = await admin.del<WhatsappDto>(`/whatsappsession/${w.id}`);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('DISCONNECTED');
    expect(linked.loggedOut).toBe(true);
    expect(await authRows()).toBe(0);

    // "New QR code" starts from nothing: no identity is offered to WhatsApp, a QR is shown.
    const qr = sessionOf(A, w.id, 'qrcode');
    await admin.post(`/whatsappsession/${w.id}`);
    expect(sockets.at(-1)).not.toBe(linked);
    expect(factoryOpts.at(-1)!.auth.creds.me).toBeUndefined();
    sockets.at(-1)!.qr('QR-DEPOIS');
    await settle(w.id);
    expect((await qr).session.qrcode).toBe('QR-DEPOIS');
    await admin.del(`/whatsappsession/${w.id}`);
  });

  it('disconnect of a connection running nowhere wipes its stored keys', async () => {
    const admin = api(app, A.adminToken);
    const w = await baileysConnection(A, 'Parado');
    await app.owner`insert into whatsapp_auth (company_id, whatsapp_id, category, key_id, value) values (${A.companyId}, ${w.id}, 'creds', 'creds', ${'x'})`;
    expect((await admin.del(`/whatsappsession/${w.id}`)).status).toBe(200);
    expect(Number((await app.owner`select count(*)::int as n from whatsapp_auth where whatsapp_id = ${w.id}`)[0]!.n)).toBe(0);
  });
});
