/**
 * A Cloud API connection through the whole server, against the local fake Graph API: started by
 * the admin's "start session" like any other, CONNECTED when the token reads the number,
 * DISCONNECTED with the admins' alert when Meta refuses the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type WhatsappAlertPayload, type WhatsappDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../../test/helpers/world';
import { startFakeGraph, type FakeGraph } from './test/fake-graph';

const TOKEN = 'EAAG-cloud-connection-token';
const PHONE_ID = '106540352240001';
let app: TestApp;
let graph: FakeGraph;
let a: TestCompany;

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, displayNumber: '+55 61 3333-0001' });
  app = await createTestApp({ config: { allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0' } } });
  a = await createCompany(app);
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

const cloud = (over: Record<string, string> = {}) => ({ phoneNumberId: PHONE_ID, wabaId: '102290129340398', accessToken: TOKEN, appSecret: 'app-secret-0123456789abcdef', verifyToken: 'verify-token-0123456789', ...over });
const row = async (id: number) => (await app.owner`select status, number from whatsapps where id = ${id}`)[0]!;

describe('a Cloud API connection', () => {
  it("starts on the admin's start session: CONNECTED with the number Meta shows; a refused token is DISCONNECTED with the logged-out alert", async () => {
    const admin = api(app, a.adminToken);
    const w = (await admin.post<WhatsappDto>('/whatsapp', { name: 'Oficial', provider: 'cloud', cloud: cloud() })).body;
    const started = await admin.post<WhatsappDto>(`/whatsappsession/${w.id}`, {});
    expect(started.body).toMatchObject({ status: 'CONNECTED', number: '556133330001' });
    expect(await row(w.id)).toEqual({ status: 'CONNECTED', number: '556133330001' });

    await admin.put(`/whatsapp/${w.id}`, { cloud: { accessToken: 'EAAG-a-token-meta-refuses' } });
    const socket = await connectSocket(app, a.adminToken);
    const alert = nextEvent<{ alert: WhatsappAlertPayload }>(socket, wireEvent(a.companyId, 'whatsappAlert'), (p) => p.alert.whatsappId === w.id);
    const refused = await admin.put<WhatsappDto>(`/whatsappsession/${w.id}`, {});
    expect(refused.body.status).toBe('DISCONNECTED');
    expect((await alert).alert).toMatchObject({ kind: 'logged-out', code: 190, status: 'DISCONNECTED' });
    socket.disconnect();
    await admin.del(`/whatsapp/${w.id}`);
  });
});
