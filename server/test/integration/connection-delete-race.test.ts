import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WhatsappDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';
import { uniquePhone } from '../helpers/tenants';

// An admin deletes a connection while it is restarting (another admin's click, or "restart
// all"). The restart answers 404 (the connection is gone), never 500; no channel keeps running
// for the deleted connection (a customer message to it is refused, not accepted and dropped);
// the other connections restart and keep every message.

let app: TestApp;
let a: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const sandbox = async (name: string) => {
  const r = await admin().post<WhatsappDto>('/whatsapp', { name, provider: 'sandbox' });
  expect(r.status).toBe(200);
  return r.body.id;
};
const inbound = (id: number, from: string, body: string) => admin().post<{ id: string }>(`/sandbox/connections/${id}/inbound`, { from, body });
const stored = async (body: string) => (await app.owner`select count(*)::int as n from messages where company_id = ${a.companyId} and body = ${body}`)[0]!.n as number;

/** The next start of `id` waits until `during` (the delete) has finished: the race, made certain. */
const deleteDuringNextStart = (id: number) => {
  const realStart = app.sessions.start.bind(app.sessions);
  let deleted: Promise<{ status: number; body: unknown }> | undefined;
  const spy = vi.spyOn(app.sessions, 'start').mockImplementation(async (w, queueIds, opts) => {
    if (w.id === id && !deleted) {
      deleted = admin().del(`/whatsapp/${id}`);
      expect((await deleted).status).toBe(200);
    }
    return realStart(w, queueIds, opts);
  });
  return { spy, deleted: () => deleted };
};

describe('a connection deleted during its restart', () => {
  it('PUT /whatsappsession/:id answers 404, and no channel is left running for it', async () => {
    const id = await sandbox('Apagada no reinício');
    const race = deleteDuringNextStart(id);
    try {
      const r = await admin().put(`/whatsappsession/${id}`);
      expect(race.deleted()).toBeDefined();
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    } finally {
      race.spy.mockRestore();
    }
    expect(app.sessions.get(id)).toBeUndefined();
    const refused = await inbound(id, uniquePhone(), 'para a conexão apagada');
    expect(refused.status).toBe(404);
  });

  it('POST /whatsapp-restart goes on with the others, which keep every message', async () => {
    const gone = await sandbox('Some no reinício geral');
    const kept = await sandbox('Fica');
    const race = deleteDuringNextStart(gone);
    try {
      const r = await admin().post('/whatsapp-restart');
      expect(race.deleted()).toBeDefined();
      expect(r.status).toBe(200);
    } finally {
      race.spy.mockRestore();
    }
    expect(app.sessions.get(gone)).toBeUndefined();
    expect(app.sessions.get(kept)).toBeDefined();
    const text = `depois do reinício ${Date.now()}`;
    expect((await inbound(kept, uniquePhone(), text)).status).toBe(202);
    await vi.waitFor(async () => expect(await stored(text)).toBe(1));
  });
});
