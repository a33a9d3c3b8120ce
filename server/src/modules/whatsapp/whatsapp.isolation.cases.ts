import { expect } from 'vitest';
import { get, itself, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the whatsapp module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, aMessageCount, aIntegration, prompts, aPromptUnchanged }) => {
  /** A's connection still there, still live, same name. */
  const aConnectionUnchanged = async () => {
    const [w] = await app.owner`select name, status from whatsapps where id = ${A.c.whatsapp.id}`;
    expect(w).toEqual({ name: 'Sandbox', status: 'CONNECTED' });
    expect(app.sessions.get(A.c.whatsapp.id)).toBeDefined();
  };
  return {
    'POST /contacts/import': [
      {
        name: "A's connection",
        req: () => ({ method: 'POST', url: '/contacts/import', body: { whatsappId: A.c.whatsapp.id } }),
        expect: notFound('ERR_NO_WAPP_FOUND', async () => {
          await aConnectionUnchanged();
          const [n] = await app.owner`select count(*)::int as n from contacts where company_id = ${B.c.companyId} and name = 'Beatriz Carvalho'`;
          expect(n!.n).toBe(0);
        }),
      },
    ],
    'GET /whatsapp': [{ name: 'lists B only', req: () => get('/whatsapp'), expect: listed(itself, () => [A.c.whatsapp.id], () => B.c.whatsapp.id) }],
    'POST /whatsapp': [
      { name: "A's queue", req: () => ({ method: 'POST', url: '/whatsapp', body: { name: 'Outra', queueIds: [A.queueId] } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
      { name: "A's queue as transfer queue", req: () => ({ method: 'POST', url: '/whatsapp', body: { name: 'Outra', transferQueueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
      { name: "A's integration", req: async () => ({ method: 'POST', url: '/whatsapp', body: { name: 'Outra', integrationId: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
      // Failover (decision 0411): A's connection is never B's fallback.
      { name: "A's connection as fallback", req: () => ({ method: 'POST', url: '/whatsapp', body: { name: 'Outra', fallbackWhatsappId: A.c.whatsapp.id } }), expect: notFound('ERR_NO_WAPP_FOUND') },
    ],
    'GET /whatsapp/:id': [{ name: "A's connection", req: () => get(`/whatsapp/${A.c.whatsapp.id}`), expect: notFound('ERR_NO_WAPP_FOUND') }],
    'PUT /whatsapp/:id': [
      { name: "A's connection", req: () => ({ method: 'PUT', url: `/whatsapp/${A.c.whatsapp.id}`, body: { name: 'Tomada' } }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) },
      { name: "A's queue", req: () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { queueIds: [A.queueId] } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
      { name: "A's queue as transfer queue", req: () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { transferQueueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
      { name: "A's integration", req: async () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { integrationId: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
      { name: "A's prompt", req: async () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { promptId: (await prompts()).a } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
      {
        name: "A's connection as fallback",
        req: () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { fallbackWhatsappId: A.c.whatsapp.id } }),
        expect: notFound('ERR_NO_WAPP_FOUND', async () => expect((await app.owner`select fallback_whatsapp_id from whatsapps where id = ${B.c.whatsapp.id}`)[0]!.fallback_whatsapp_id).toBeNull()),
      },
    ],
    'DELETE /whatsapp/:id': [{ name: "A's connection", req: () => ({ method: 'DELETE', url: `/whatsapp/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
    // Issue 15 §3: the external API's tokens and send.
    'POST /whatsapp/:id/token': [
      {
        name: "A's connection: no token made for it",
        req: () => ({ method: 'POST', url: `/whatsapp/${A.c.whatsapp.id}/token` }),
        expect: notFound('ERR_NO_WAPP_FOUND', async () => {
          await aConnectionUnchanged();
          expect((await app.owner`select api_token_hash from whatsapps where id = ${A.c.whatsapp.id}`)[0]!.api_token_hash).toBeNull();
        }),
      },
    ],
    // Cloud API templates and the token test (decision 0390): another company's connection is not found.
    'GET /whatsapp/:id/templates': [{ name: "A's connection", req: () => get(`/whatsapp/${A.c.whatsapp.id}/templates`), expect: notFound('ERR_NO_WAPP_FOUND') }],
    // The Cloud API cost ledger (decision 0410): another company's connection is not found.
    'GET /whatsapp/:id/costs': [{ name: "A's connection", req: () => get(`/whatsapp/${A.c.whatsapp.id}/costs?month=2026-11`), expect: notFound('ERR_NO_WAPP_FOUND') }],
    'POST /whatsapp/:id/test': [{ name: "A's connection", req: () => ({ method: 'POST', url: `/whatsapp/${A.c.whatsapp.id}/test` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
    'POST /whatsappsession/:id': [{ name: "A's connection", req: () => ({ method: 'POST', url: `/whatsappsession/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
    'PUT /whatsappsession/:id': [{ name: "A's connection", req: () => ({ method: 'PUT', url: `/whatsappsession/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
    'DELETE /whatsappsession/:id': [{ name: "A's connection", req: () => ({ method: 'DELETE', url: `/whatsappsession/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
    'POST /whatsapp-restart': [{ name: "restarts B's only", req: () => ({ method: 'POST', url: '/whatsapp-restart' }), expect: async (r) => { expect(r.status).toBe(200); expect(r.text).not.toContain(A.marker); await aConnectionUnchanged(); } }],
    'POST /sandbox/connections/:whatsappId/inbound': [
      {
        name: "A's connection",
        req: () => ({ method: 'POST', url: `/sandbox/connections/${A.c.whatsapp.id}/inbound`, body: { from: A.phone, body: 'falso' } }),
        expect: notFound('ERR_NO_WAPP_FOUND', async () => expect(await aMessageCount()).toBe(1)),
      },
    ],
    'GET /sandbox/connections/:whatsappId/outbox': [
      { name: "A's connection", req: () => get(`/sandbox/connections/${A.c.whatsapp.id}/outbox?to=${A.phone}`), expect: notFound('ERR_NO_WAPP_FOUND') },
    ],
    'GET /sandbox/connections/:whatsappId/sent': [
      { name: "A's connection", req: () => get(`/sandbox/connections/${A.c.whatsapp.id}/sent?to=${A.phone}`), expect: notFound('ERR_NO_WAPP_FOUND') },
    ],
    'POST /sandbox/connections/:whatsappId/presence': [
      {
        name: "A's connection",
        req: () => ({ method: 'POST', url: `/sandbox/connections/${A.c.whatsapp.id}/presence`, body: { from: A.phone, presence: 'composing' } }),
        expect: notFound('ERR_NO_WAPP_FOUND'),
      },
    ],
  };
};
