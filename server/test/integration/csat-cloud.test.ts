/**
 * The satisfaction survey on a Cloud API connection (issue 30 §4; decision 0430), through the whole
 * server against the local fake Graph API: inside the customer's 24-hour window it is an
 * interactive list of the five scores; outside it (injected clock) the template the company chose,
 * or nothing when it chose none. The list's choice or the template's quick-reply button is the
 * score, recorded on the closed ticket, which stays closed; no ticket opens.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WhatsappDto } from '@balcao/shared';
import type { Clock } from '../../src/infra/clock';
import { startFakeGraph, type FakeGraph } from '../../src/modules/whatsapp/cloud/test/fake-graph';
import { change, textFrom } from '../../src/modules/whatsapp/cloud/test/webhooks';
import type { CloudMessage } from '../../src/modules/whatsapp/cloud/map-inbound';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';

const TOKEN = 'EAAG-csat-cloud-token';
const PHONE_ID = '106540352240301';
const WABA = '102290129340301';
const SECRET = 'app-secret-csat-cloud-0301';
const HOOK = '/channels/whatsapp-cloud/webhook';
const HOUR = 60 * 60_000;

/** The server's clock, moved by the tests (Meta's window is judged by it). */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

let app: TestApp;
let graph: FakeGraph;
let a: TestCompany;
let wa: WhatsappDto;
let phones = 0;

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, wabaId: WABA, displayNumber: '+55 61 3333-0301' });
  graph.templates.push({
    name: 'avaliacao_atendimento',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: 'Como foi o seu atendimento? Toque numa nota de 1 a 5.' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: '5 - Excelente' }, { type: 'QUICK_REPLY', text: '3 - Regular' }, { type: 'QUICK_REPLY', text: '1 - Muito ruim' }] },
    ],
  });
  app = await createTestApp({ clock, config: { allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0' } } });
  a = await createCompany(app);
  const admin = api(app, a.adminToken);
  expect((await admin.put('/settings/csat', { value: 'enabled' })).status).toBe(200);
  const cloud = { phoneNumberId: PHONE_ID, wabaId: WABA, accessToken: TOKEN, appSecret: SECRET, verifyToken: 'verify-token-csat-0301' };
  wa = (await admin.post<WhatsappDto>('/whatsapp', { name: 'Oficial', provider: 'cloud', cloud })).body;
  expect((await admin.post<WhatsappDto>(`/whatsappsession/${wa.id}`, {})).body.status).toBe('CONNECTED');
});
afterAll(async () => {
  // Every send of the file has gone before the app closes: a send still running would write on a closed database.
  if (app) await vi.waitFor(async () => expect((await app.owner`select count(*)::int as n from messages where company_id = ${a.companyId} and from_me and ack = 0`)[0]!.n).toBe(0), { timeout: 15_000, interval: 50 });
  await app?.bus.idle();
  await app?.close();
  await graph?.close();
});

/** Meta's webhook with the customer's message `m`, signed; answers once the server took it. */
const hook = async (m: CloudMessage) => {
  const { body, headers } = graph.signed(SECRET, change(PHONE_ID, { messages: [m] }));
  expect((await app.app.inject({ method: 'POST', url: HOOK, headers, payload: body })).statusCode).toBe(200);
};
const stamp = () => String(Math.floor(clock.now().getTime() / 1000));

const ticketsOf = (phone: string) =>
  app.owner<{ id: number; status: string }[]>`select t.id, t.status from tickets t join contacts ct on ct.id = t.contact_id where ct.company_id = ${a.companyId} and ct.number = ${phone} order by t.id`;
const surveyOf = (ticketId: number) => app.owner<{ score: number | null; open: boolean }[]>`select score, open_until is not null as open from csat_ratings where ticket_id = ${ticketId}`;
const sendsTo = (phone: string) => graph.sends.filter((s) => s.body.to === phone && s.body.status === undefined);

/** A customer's ticket the admin took and closed at the clock's time; resolves once the close's work is done. */
const closedTicket = async (hoursLater = 0): Promise<{ phone: string; ticketId: number }> => {
  offsetMs = 0;
  const phone = `55619812403${String(++phones).padStart(2, '0')}`;
  await hook(textFrom(phone, `Olá, sou o cliente ${phones}`, { timestamp: stamp() }));
  let ticketId = 0;
  await vi.waitFor(async () => {
    const [t] = await ticketsOf(phone);
    expect(t).toBeDefined();
    ticketId = t!.id;
  });
  const admin = api(app, a.adminToken);
  expect((await admin.put(`/tickets/${ticketId}`, { status: 'open', userId: a.admin.id })).status).toBe(200);
  offsetMs = hoursLater * HOUR;
  expect((await admin.put(`/tickets/${ticketId}`, { status: 'closed' })).status).toBe(200);
  await app.bus.idle();
  return { phone, ticketId };
};

describe('CSAT on the Cloud API (issue 30 §4)', () => {
  it('inside the window asks with an interactive list of five rows; the choice is the score on the closed ticket, which stays closed', async () => {
    const { phone, ticketId } = await closedTicket();
    await vi.waitFor(() => expect(sendsTo(phone).filter((s) => s.body.type === 'interactive')).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const list = sendsTo(phone).find((s) => s.body.type === 'interactive')!.body.interactive as { type: string; body: { text: string }; action: { button: string; sections: { rows: { id: string; title: string }[] }[] } };
    expect(list.type).toBe('list');
    expect(list.action.button).toBe('Avaliar');
    expect(list.action.sections[0]!.rows).toEqual([
      { id: 'csat:1', title: '1 - Muito ruim' },
      { id: 'csat:2', title: '2 - Ruim' },
      { id: 'csat:3', title: '3 - Regular' },
      { id: 'csat:4', title: '4 - Bom' },
      { id: 'csat:5', title: '5 - Excelente' },
    ]);
    expect(await surveyOf(ticketId)).toEqual([{ score: null, open: true }]);

    // The customer picks "4 - Bom" (the id decides, not the title).
    await hook(textFrom(phone, '', { type: 'interactive', text: undefined, timestamp: stamp(), interactive: { type: 'list_reply', list_reply: { id: 'csat:4', title: 'Bom' } } }));
    await vi.waitFor(async () => expect((await surveyOf(ticketId))[0]?.score).toBe(4));
    await app.bus.idle();
    expect(await ticketsOf(phone)).toEqual([{ id: ticketId, status: 'closed' }]);
    // Thanked on the closed ticket, as free-form text: the customer's choice opened the window again.
    await vi.waitFor(() => expect(sendsTo(phone).filter((s) => s.body.type === 'text').map((s) => (s.body.text as { body: string }).body)).toContain('Obrigado pela sua avaliação! Se quiser, escreva um comentário.'), { timeout: 10_000, interval: 20 });
  });

  it('outside the window asks through the template the company chose; its quick-reply button is the score, and the ticket stays closed', async () => {
    const admin = api(app, a.adminToken);
    expect((await admin.put('/settings/csatTemplate', { value: 'avaliacao_atendimento' })).status).toBe(200);
    expect((await admin.put('/settings/csatTemplateLanguage', { value: 'pt_BR' })).status).toBe(200);
    const { phone, ticketId } = await closedTicket(25);
    await vi.waitFor(() => expect(sendsTo(phone).filter((s) => s.body.type === 'template')).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(sendsTo(phone).find((s) => s.body.type === 'template')!.body.template).toEqual({ name: 'avaliacao_atendimento', language: { code: 'pt_BR' } });
    // No free-form survey went: Meta would refuse it outside the window.
    expect(sendsTo(phone).filter((s) => s.body.type === 'interactive' || s.body.type === 'text')).toEqual([]);
    const [question] = await app.owner<{ body: string; automated: boolean }[]>`select body, automated from messages where ticket_id = ${ticketId} and from_me order by id desc limit 1`;
    expect(question).toEqual({ body: expect.stringContaining('Como foi o seu atendimento?'), automated: true });

    await hook(textFrom(phone, '', { type: 'button', text: undefined, timestamp: stamp(), button: { text: '5 - Excelente', payload: '5 - Excelente' } }));
    await vi.waitFor(async () => expect((await surveyOf(ticketId))[0]?.score).toBe(5));
    await app.bus.idle();
    expect(await ticketsOf(phone)).toEqual([{ id: ticketId, status: 'closed' }]);
  });

  it("the template survey counts in the plan's month; at the cap it is skipped, nothing stored or sent (decision 0476)", async () => {
    const admin = api(app, a.adminToken);
    expect((await admin.put('/settings/csatTemplate', { value: 'avaliacao_atendimento' })).status).toBe(200);
    const counted = async () => ((await app.owner`select count from whatsapp_template_sends where company_id = ${a.companyId} and month = ${clock.now().toISOString().slice(0, 7)}`)[0]?.count as number | undefined) ?? 0;
    const capAt = async (cap: number | null) => {
      const [p] = await app.owner`insert into plans (name, template_sends_per_month) values (${`Cap csat ${phones}`}, ${cap}) returning id`;
      await app.owner`update companies set plan_id = ${p!.id as number} where id = ${a.companyId}`;
    };
    try {
      const before = await counted();
      await capAt(before + 1);
      const asked = await closedTicket(25);
      await vi.waitFor(() => expect(sendsTo(asked.phone).filter((s) => s.body.type === 'template')).toHaveLength(1), { timeout: 10_000, interval: 20 });
      expect(await counted()).toBe(before + 1);

      const skipped = await closedTicket(25);
      expect(await surveyOf(skipped.ticketId)).toEqual([]);
      expect(await app.owner`select id from messages where ticket_id = ${skipped.ticketId} and from_me`).toEqual([]);
      expect(sendsTo(skipped.phone)).toEqual([]);
      expect(await counted()).toBe(before + 1);
    } finally {
      await capAt(null);
      offsetMs = 0;
    }
  });

  it('outside the window without a template chosen asks nothing (a free-form question would only fail at Meta)', async () => {
    expect((await api(app, a.adminToken).put('/settings/csatTemplate', { value: 'none' })).status).toBe(200);
    const { phone, ticketId } = await closedTicket(25);
    expect(await surveyOf(ticketId)).toEqual([]);
    expect(sendsTo(phone)).toEqual([]);
    // So a later message is a new conversation.
    offsetMs = 0;
    await hook(textFrom(phone, '5', { timestamp: stamp() }));
    await vi.waitFor(async () => expect(await ticketsOf(phone)).toHaveLength(2));
  });

  it('the template settings take only a template name and a language code', async () => {
    const admin = api(app, a.adminToken);
    expect((await admin.put('/settings/csatTemplate', { value: 'Avaliação!' })).status).toBe(400);
    expect((await admin.put('/settings/csatTemplateLanguage', { value: 'português' })).status).toBe(400);
  });
});
