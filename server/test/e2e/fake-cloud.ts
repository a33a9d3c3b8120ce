/**
 * Meta's side of a Cloud API connection for the browser end-to-end specs (issue 29): the fake
 * Graph API of the adapter's tests (cloud/test/fake-graph.ts) with one number, its account's
 * templates, and control routes through which a spec plays Meta — a customer's message posted
 * to the product's webhook, signed as Meta signs it — and reads what the product sent.
 * Test-only: nothing under server/test ships.
 */
import type { IncomingMessage } from 'node:http';
import { startFakeGraph, type FakeGraph } from '../../src/modules/whatsapp/cloud/test/fake-graph';
import { change, statusOf, textFrom } from '../../src/modules/whatsapp/cloud/test/webhooks';

/** The one number the fake serves, as a spec types it into the connection form. */
export const E2E_CLOUD = {
  phoneNumberId: '106540352200001',
  wabaId: '102290129300001',
  accessToken: 'EAAG-e2e-cloud-access-token-0001',
  appSecret: 'e2e-cloud-app-secret-000000000001',
  displayNumber: '+55 61 3000-0001',
};

/** A second number of the same account, for a spec of its own beside cloud.spec (a number is one connection across companies). */
export const E2E_CLOUD_CAMPAIGNS = { ...E2E_CLOUD, phoneNumberId: '106540352200002' };

export interface FakeCloud {
  graph: FakeGraph;
  /** Control routes (JSON): undefined when the path is not one of them. */
  route(req: IncomingMessage, url: URL, body: () => Promise<Record<string, unknown>>): Promise<{ status: number; body: unknown } | undefined>;
}

/**
 * Routes:
 * - GET  /cloud            the number's facts ({ phoneNumberId, wabaId, accessToken, appSecret });
 *                          `?number=campaigns`: the second number's (cloud-campaign.spec)
 * - POST /cloud/inbound    { from, body, name?, ageMs? } a customer's text, delivered to the webhook
 *                          as Meta does; `ageMs` dates it that long ago (Meta redelivers for days)
 * - POST /cloud/status     { wamid, status, category, billable? } Meta's status of a message we sent,
 *                          with its pricing (the cost ledger, decision 0410), delivered to the webhook
 * - GET  /cloud/sends      what the product sent through the Graph API, oldest first
 */
export const startFakeCloud = async (webhookUrl: string): Promise<FakeCloud> => {
  const graph = await startFakeGraph({
    token: E2E_CLOUD.accessToken,
    phoneNumberId: E2E_CLOUD.phoneNumberId,
    morePhoneNumberIds: [E2E_CLOUD_CAMPAIGNS.phoneNumberId],
    wabaId: E2E_CLOUD.wabaId,
    displayNumber: E2E_CLOUD.displayNumber,
  });
  graph.templates.push({
    name: 'retomar_atendimento',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: 'Olá {{1}}, aqui é da loja. Podemos continuar o seu atendimento sobre {{2}}?' },
      { type: 'FOOTER', text: 'Responda para continuar' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Sim' }] },
    ],
  });
  return {
    graph,
    route: async (req, url, body) => {
      if (req.method === 'GET' && url.pathname === '/cloud') return { status: 200, body: url.searchParams.get('number') === 'campaigns' ? E2E_CLOUD_CAMPAIGNS : E2E_CLOUD };
      if (req.method === 'GET' && url.pathname === '/cloud/sends') return { status: 200, body: graph.sends };
      if (req.method === 'POST' && url.pathname === '/cloud/inbound') {
        const b = await body();
        if (typeof b.from !== 'string' || typeof b.body !== 'string') return { status: 400, body: { error: 'from and body (strings) required' } };
        const at = Date.now() - (typeof b.ageMs === 'number' ? b.ageMs : 0);
        const message = textFrom(b.from, b.body, { timestamp: String(Math.floor(at / 1000)) });
        const status = await graph.deliver(webhookUrl, E2E_CLOUD.appSecret, change(E2E_CLOUD.phoneNumberId, { messages: [message], name: typeof b.name === 'string' ? b.name : 'Cliente' }));
        return { status: 200, body: { status, wamid: message.id } };
      }
      if (req.method === 'POST' && url.pathname === '/cloud/status') {
        const b = await body();
        // Meta repeats the send's biz_opaque_callback_data in its statuses (a status can arrive before the sender has stored the wamid).
        const callback = graph.sends.find((x) => x.wamid === b.wamid)?.body.biz_opaque_callback_data;
        const opaque = typeof callback === 'string' ? { biz_opaque_callback_data: callback } : {};
        // `failed` carries Meta's error as `error: { code, title, details }` (not priced); the others a category.
        if (b.status === 'failed' && typeof b.wamid === 'string' && b.error && typeof b.error === 'object') {
          const e = b.error as { code?: number; title?: string; details?: string };
          const s = statusOf(b.wamid, 'failed', { ...opaque, errors: [{ code: e.code, title: e.title, message: e.title, error_data: { details: e.details } }] });
          return { status: 200, body: { status: await graph.deliver(webhookUrl, E2E_CLOUD.appSecret, change(E2E_CLOUD.phoneNumberId, { statuses: [s] })) } };
        }
        if (typeof b.wamid !== 'string' || typeof b.category !== 'string' || !['sent', 'delivered', 'read'].includes(String(b.status))) return { status: 400, body: { error: 'wamid, status and category required (failed: wamid and error)' } };
        const pricing = { billable: b.billable !== false, category: b.category, pricing_model: 'PMP' };
        const s = statusOf(b.wamid, b.status as 'sent' | 'delivered' | 'read', { ...opaque, pricing });
        const status = await graph.deliver(webhookUrl, E2E_CLOUD.appSecret, change(E2E_CLOUD.phoneNumberId, { statuses: [s] }));
        return { status: 200, body: { status } };
      }
      return undefined;
    },
  };
};
