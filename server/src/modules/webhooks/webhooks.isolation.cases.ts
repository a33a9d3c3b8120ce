import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the webhooks module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound }) => {
  /** A's webhook (sealed secret) with one delivery in its log (a test ping to a closed port), made once on first use. */
  let aWebhookFix: Promise<{ id: number; deliveryId: number }> | undefined;
  const aWebhook = () =>
    (aWebhookFix ??= (async () => {
      const a = api(app, A.c.adminToken);
      const w = await a.post<{ webhook: { id: number } }>('/webhooks', { name: `Webhook ${A.marker}`, url: 'http://127.0.0.1:9/hook', events: ['message.created'] });
      const d = await a.post<{ id: number }>(`/webhooks/${w.body.webhook.id}/test`);
      return { id: w.body.webhook.id, deliveryId: d.body.id };
    })());
  const aWebhookUnchanged = async () => {
    const { id } = await aWebhook();
    const [w] = await app.owner`select name, url, company_id from webhooks where id = ${id}`;
    expect(w).toEqual({ name: `Webhook ${A.marker}`, url: 'http://127.0.0.1:9/hook', company_id: A.c.companyId });
    expect((await app.owner`select count(*)::int as n from webhook_deliveries where webhook_id = ${id}`)[0]!.n).toBe(1);
  };
  const onAWebhook = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/webhooks/${(await aWebhook()).id}${suffix}`, body });
  return {
    'GET /webhooks': [{ name: 'lists B only', req: async () => (await aWebhook(), get('/webhooks')), expect: (r) => (expect(r.status).toBe(200), expect(r.text).not.toContain(A.marker)) }],
    'POST /webhooks': [{ name: "B's own webhook", req: async () => (await aWebhook(), { method: 'POST', url: '/webhooks', body: { name: 'B', url: 'http://127.0.0.1:9/b', events: ['ticket.created'] } }), expect: (r) => expect(r.status).toBe(200) }],
    'PUT /webhooks/:id': [{ name: "A's webhook", req: onAWebhook('PUT', '', { name: 'Tomado', url: 'http://127.0.0.1:9/b' }), expect: notFound('ERR_NO_WEBHOOK_FOUND', aWebhookUnchanged) }],
    'DELETE /webhooks/:id': [{ name: "A's webhook", req: onAWebhook('DELETE'), expect: notFound('ERR_NO_WEBHOOK_FOUND', aWebhookUnchanged) }],
    'POST /webhooks/:id/secret': [{ name: "A's webhook", req: onAWebhook('POST', '/secret'), expect: notFound('ERR_NO_WEBHOOK_FOUND', aWebhookUnchanged) }],
    'POST /webhooks/:id/test': [{ name: "A's webhook", req: onAWebhook('POST', '/test'), expect: notFound('ERR_NO_WEBHOOK_FOUND', aWebhookUnchanged) }],
    'GET /webhooks/:id/deliveries': [{ name: "A's webhook's log", req: onAWebhook('GET', '/deliveries'), expect: notFound('ERR_NO_WEBHOOK_FOUND') }],
    'POST /webhooks/:id/deliveries/:deliveryId/replay': [
      { name: "A's delivery", req: async () => ({ method: 'POST', url: `/webhooks/${(await aWebhook()).id}/deliveries/${(await aWebhook()).deliveryId}/replay` }), expect: notFound('ERR_NO_WEBHOOK_FOUND', aWebhookUnchanged) },
      {
        name: "A's delivery under B's webhook",
        req: async () => {
          const { deliveryId } = await aWebhook();
          const own = await api(app, B.c.adminToken).post<{ webhook: { id: number } }>('/webhooks', { name: 'B2', url: 'http://127.0.0.1:9/b2', events: ['ticket.created'] });
          return { method: 'POST', url: `/webhooks/${own.body.webhook.id}/deliveries/${deliveryId}/replay` };
        },
        expect: notFound('ERR_NO_WEBHOOK_FOUND', aWebhookUnchanged),
      },
    ],
  };
};
