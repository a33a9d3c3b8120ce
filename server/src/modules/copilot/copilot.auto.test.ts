/**
 * Automatic summaries (issue 32 §3; decision 0405): decided from the ticket event alone, queued as a
 * job only when the company turned them on, made by the job against a LOCAL fake model; an inbound
 * message never queues anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopilotSummaryDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { completion, startFakeOpenAi, type FakeOpenAi } from '../../../test/helpers/fake-openai';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { summaryReason } from '.';

const t = (status: string, queueId: number | null, userId: number | null) => ({ id: 1, status, queueId, userId });

describe('summaryReason (from the event alone)', () => {
  it('a close, a move to another queue or agent; nothing else', () => {
    expect(summaryReason({ ticket: t('closed', 1, 2), previous: { status: 'open', queueId: 1, userId: 2 } })).toBe('close');
    expect(summaryReason({ ticket: t('pending', 3, null), previous: { status: 'open', queueId: 1, userId: 2 } })).toBe('transfer');
    expect(summaryReason({ ticket: t('open', 1, 5), previous: { status: 'open', queueId: 1, userId: 2 } })).toBe('transfer');
    // An agent accepting a waiting ticket, a reopening by the customer, an update without a transition.
    expect(summaryReason({ ticket: t('open', 1, 2), previous: { status: 'pending', queueId: 1, userId: null } })).toBeUndefined();
    expect(summaryReason({ ticket: t('pending', 1, null), previous: { status: 'closed', queueId: 1, userId: 2 } })).toBeUndefined();
    expect(summaryReason({ ticket: t('open', 1, 2), previous: undefined })).toBeUndefined();
    expect(summaryReason({ ticket: t('closed', 1, 2), previous: { status: 'closed', queueId: 1, userId: 2 } })).toBeUndefined();
  });
});

let app: TestApp;
let fake: FakeOpenAi;
let c: TestCompany;
let n = 0;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await createTestApp();
  c = await createCompany(app);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const jobsFor = async (ticketId: number) => (await app.owner<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'copilot.summary' and data->>'ticketId' = ${String(ticketId)}`)[0]!.n;
const newTicket = async () => {
  const from = `55219${String(5_000_000 + ++n).padStart(8, '0')}`;
  await c.inbound(from, 'Quero trocar o tamanho do tênis, comprei ontem.');
  const [row] = await app.owner<{ id: number }[]>`select t.id from tickets t join contacts ct on ct.id = t.contact_id where ct.number = ${from} and t.company_id = ${c.companyId}`;
  return row!.id;
};

describe('automatic summaries', () => {
  it('with autoSummary off, a close queues nothing', async () => {
    const admin = api(app, c.adminToken);
    await admin.put('/copilot/settings', { enabled: true, baseUrl: fake.v1, apiKey: 'sk-auto', autoSummary: false });
    const id = await newTicket();
    await admin.put(`/tickets/${id}`, { status: 'open', userId: c.admin.id });
    expect((await admin.put(`/tickets/${id}`, { status: 'closed' })).status).toBe(200);
    expect(await jobsFor(id)).toBe(0);
  });

  it('with autoSummary on, a close is summarised by a job; the inbound message queued nothing', async () => {
    const admin = api(app, c.adminToken);
    await admin.put('/copilot/settings', { autoSummary: true });
    fake.answer('/v1/chat/completions', completion('Cliente quer trocar o tamanho do tênis.'));
    const id = await newTicket();
    expect(await jobsFor(id)).toBe(0);
    await admin.put(`/tickets/${id}`, { status: 'open', userId: c.admin.id });
    expect(await jobsFor(id)).toBe(0);
    expect((await admin.put(`/tickets/${id}`, { status: 'closed' })).status).toBe(200);
    await expect
      .poll(async () => (await admin.get<CopilotSummaryDto[]>(`/tickets/${id}/copilot/summaries`)).body.map((s) => [s.reason, s.summary, s.userId]), { timeout: 20_000 })
      .toEqual([['close', 'Cliente quer trocar o tamanho do tênis.', null]]);
    expect(await jobsFor(id)).toBe(1);
  });

  it('a transfer to another queue is summarised too', async () => {
    const admin = api(app, c.adminToken);
    const q1 = (await c.addQueue()).id;
    const q2 = (await c.addQueue()).id;
    fake.answer('/v1/chat/completions', completion('Troca de tamanho; falta o número do pedido.'));
    const id = await newTicket();
    await admin.put(`/tickets/${id}`, { status: 'open', userId: c.admin.id, queueId: q1 });
    await admin.put(`/tickets/${id}`, { queueId: q2, userId: null, status: 'pending' });
    await expect
      .poll(async () => (await admin.get<CopilotSummaryDto[]>(`/tickets/${id}/copilot/summaries`)).body.map((s) => s.reason), { timeout: 20_000 })
      .toEqual(['transfer']);
  });
});
