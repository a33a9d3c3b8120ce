/**
 * The delivery log is pruned (decision 0320): settled deliveries older than 30 days and those
 * beyond a webhook's cap go, pending ones and a recent replay stay, another webhook's log is
 * untouched, a run is bounded, and the nightly cron job is declared and worked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookSecretResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { Jobs } from '../../infra/jobs';
import { createDeliveryPruner, PRUNE_CRON, type PruneLimits } from '.';

let app: TestApp;
let jobs: Jobs;
let a: TestCompany;
let b: TestCompany;
let hookA: number;
let hookA2: number;
let hookB: number;

const hook = async (c: TestCompany, name: string) => {
  // Unreachable on purpose: nothing in this file sends, the rows are written by hand.
  const r = await api(app, c.adminToken).post<WebhookSecretResponse>('/webhooks', { name, url: `http://127.0.0.1:9/${name}`, events: ['ticket.created'] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.webhook.id;
};

beforeAll(async () => {
  app = await createTestApp();
  jobs = await Jobs.start(app.ownerUrl);
  [a, b] = [await createCompany(app), await createCompany(app)];
  [hookA, hookA2, hookB] = [await hook(a, 'a1'), await hook(a, 'a2'), await hook(b, 'b1')];
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});
beforeEach(async () => {
  await app.owner`delete from webhook_deliveries`;
});

let seq = 0;
/** One delivery row (in insertion order, as the outbox writes them): queued `queuedDaysAgo`, last touched `touchedDaysAgo`. */
const delivery = async (webhookId: number, o: { status?: string; queuedDaysAgo?: number; touchedDaysAgo?: number } = {}) => {
  const companyId = webhookId === hookB ? b.companyId : a.companyId;
  const queued = o.queuedDaysAgo ?? 0;
  const touched = o.touchedDaysAgo ?? queued;
  const [row] = await app.owner<{ id: string }[]>`
    insert into webhook_deliveries (company_id, webhook_id, event_id, event, payload, status, attempts, created_at, updated_at)
    values (${companyId}, ${webhookId}, gen_random_uuid(), 'ticket.created', ${app.owner.json({ n: ++seq })}, ${o.status ?? 'delivered'}, 1,
            now() - make_interval(days => ${queued}), now() - make_interval(days => ${touched}))
    returning id`;
  return Number(row!.id);
};
const left = async (webhookId?: number) =>
  (await app.owner<{ id: string }[]>`select id from webhook_deliveries where ${webhookId === undefined ? app.owner`true` : app.owner`webhook_id = ${webhookId}`} order by id`).map((r) => Number(r.id));
const pruner = (limits: Partial<PruneLimits> = {}) => createDeliveryPruner({ data: app.data }, { keepDays: 30, keepPerWebhook: 1000, batch: 100, maxPerRun: 1000, ...limits });

describe('pruning the webhook delivery log', { timeout: 60_000 }, () => {
  it('drops settled deliveries older than 30 days, keeps pending ones, a recent replay and young ones', async () => {
    await delivery(hookA, { queuedDaysAgo: 45 });
    await delivery(hookA, { status: 'failed', queuedDaysAgo: 40 });
    const oldPending = await delivery(hookA, { status: 'pending', queuedDaysAgo: 35 });
    const replayed = await delivery(hookA, { queuedDaysAgo: 34, touchedDaysAgo: 2 });
    await delivery(hookB, { status: 'failed', queuedDaysAgo: 31 });
    const edge = await delivery(hookA2, { queuedDaysAgo: 29 });
    const young = await delivery(hookA, { queuedDaysAgo: 1 });

    expect(await pruner().run()).toEqual({ old: 3, overCap: 0 });
    // Every company's log is pruned: B's old failure goes with A's.
    expect(await left()).toEqual([oldPending, replayed, edge, young]);
    // Nothing more to do: a second run deletes nothing.
    expect(await pruner().run()).toEqual({ old: 0, overCap: 0 });
  });

  it('keeps at most the newest N of each webhook (pending ones are not deleted), other webhooks untouched', async () => {
    const a1 = [];
    for (let i = 0; i < 8; i++) a1.push(await delivery(hookA, { status: i === 1 ? 'pending' : 'delivered', queuedDaysAgo: 3 }));
    const a2 = [await delivery(hookA2), await delivery(hookA2), await delivery(hookA2)];
    const b1 = [await delivery(hookB), await delivery(hookB), await delivery(hookB), await delivery(hookB)];

    expect(await pruner({ keepPerWebhook: 3 }).run()).toEqual({ old: 0, overCap: 5 });
    expect(await left(hookA)).toEqual([a1[1], ...a1.slice(5)]);
    expect(await left(hookA2)).toEqual(a2);
    expect(await left(hookB)).toEqual(b1.slice(1));
  });

  it('is bounded: batches of `batch` rows, at most `maxPerRun` a run; the next run goes on', async () => {
    for (let i = 0; i < 7; i++) await delivery(i % 2 ? hookA : hookB, { queuedDaysAgo: 60 - i });
    const young = await delivery(hookA);
    const bounded = pruner({ batch: 2, maxPerRun: 5 });
    expect(await bounded.run()).toEqual({ old: 5, overCap: 0 });
    expect(await left()).toHaveLength(3);
    expect(await bounded.run()).toEqual({ old: 2, overCap: 0 });
    expect(await left()).toEqual([young]);
    // A run spent on old rows leaves the cap for the next one (a fresh log: ids grow with time).
    await app.owner`delete from webhook_deliveries`;
    for (let i = 0; i < 5; i++) await delivery(hookA, { queuedDaysAgo: 40 });
    for (let i = 0; i < 4; i++) await delivery(hookA);
    const capped = pruner({ batch: 10, maxPerRun: 5, keepPerWebhook: 2 });
    expect(await capped.run()).toEqual({ old: 5, overCap: 0 });
    expect(await capped.run()).toEqual({ old: 0, overCap: 2 });
    expect(await left(hookA)).toHaveLength(2);
  });

  it('runs nightly as one stately cron job, worked by the server', async () => {
    const [schedule] = await app.owner<{ cron: string; timezone: string }[]>`select cron, timezone from pgboss.schedule where name = 'webhooks.prune'`;
    expect(schedule).toEqual({ cron: PRUNE_CRON, timezone: 'UTC' });
    expect(PRUNE_CRON).toBe('40 3 * * *');
    const [queue] = await app.owner<{ policy: string }[]>`select policy from pgboss.queue where name = 'webhooks.prune'`;
    expect(queue?.policy).toBe('stately');

    await delivery(hookA, { queuedDaysAgo: 31 });
    const young = await delivery(hookA);
    await jobs.enqueueNow('webhooks.prune', {});
    await expect.poll(() => left(), { timeout: 20_000 }).toEqual([young]);
  });
});
