/**
 * Background sends (a timer's notices; decision 0316): after one, the send worker rests as long
 * as it took, unless another send waits; other sends never rest. Against real PostgreSQL and
 * pg-boss (the check of waiting sends).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import { Jobs } from '../../infra/jobs';
import * as ticketsRepo from '../tickets/tickets.repository';
import { createSendWorker } from './messages.jobs';
import { queueOutbound } from './outbound';

let app: TestApp;
let a: TestCompany;
/** Our own handle, with no worker: what it queues stays queued. */
let jobs: Jobs;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  jobs = await Jobs.start(app.ownerUrl);
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

const from = '5531977770001';
const ticket = async () => {
  await a.inbound(from, 'Oi');
  const [row] = await app.owner<{ id: number }[]>`select t.id from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${a.companyId} and c.number = ${from} order by t.id desc limit 1`;
  return app.data.withTenant({ companyId: a.companyId }, ({ tx }) => ticketsRepo.get(tx, a.companyId, row!.id)).then((t) => t!);
};

describe('background sends', () => {
  it('rest as long as they took unless another send waits; other sends do not rest', async () => {
    const t = await ticket();
    const noJobs = { enqueue: async () => undefined } as unknown as Jobs;
    const [notice, reply] = await app.data.withTenant({ companyId: a.companyId }, async (unit) => [
      await queueOutbound(unit, noJobs, t, 'Atendimento encerrado por inatividade.', { automated: true, background: true }),
      await queueOutbound(unit, noJobs, t, 'Olá, aqui é a Ana', { userId: a.admin.id }),
    ]);
    const log: string[] = [];
    let waiting = false;
    const channel = {
      send: async (_to: string, c: { text?: string }) => {
        log.push(`send ${c.text}`);
        await new Promise((r) => setTimeout(r, 20));
        return { id: 'x', raw: null };
      },
    };
    const worker = createSendWorker({
      data: app.data,
      media: app.media,
      sessions: { sender: () => channel as never },
      background: { othersWaiting: async () => waiting, rest: async (ms) => void log.push(`rest ${ms >= 20 ? '≥ send' : ms}`) },
    });
    const meta = { retryCount: 0, retryLimit: 8 };
    await worker({ companyId: a.companyId, messageId: notice!.id, background: true }, meta);
    await worker({ companyId: a.companyId, messageId: reply!.id }, meta);
    expect(log).toEqual(['send Atendimento encerrado por inatividade.', 'rest ≥ send', 'send Olá, aqui é a Ana']);
    // Another send waits: no rest. A message already sent (a redelivered job): nothing, no rest.
    log.length = 0;
    waiting = true;
    const [second] = await app.data.withTenant({ companyId: a.companyId }, async (unit) => [
      await queueOutbound(unit, noJobs, t, 'Outro aviso', { automated: true, background: true }),
    ]);
    await worker({ companyId: a.companyId, messageId: second!.id, background: true }, meta);
    waiting = false;
    await worker({ companyId: a.companyId, messageId: notice!.id, background: true }, meta);
    expect(log).toEqual(['send Outro aviso']);
  });

  it('tells whether a send other than a background one waits, across the cluster', async () => {
    await app.owner`delete from pgboss.job where name = 'message.send' and state in ('created', 'retry')`;
    expect(await jobs.foregroundWaiting('message.send')).toBe(false);
    // Due in an hour: no worker takes them while the test looks.
    const later = (data: { companyId: number; messageId: number; background?: boolean }) =>
      app.data.withTenant({ companyId: a.companyId }, ({ tx }) => jobs.enqueue(tx, 'message.send', data, { startAfterSeconds: 3600 }));
    await later({ companyId: a.companyId, messageId: -1, background: true });
    expect(await jobs.foregroundWaiting('message.send')).toBe(false);
    await later({ companyId: a.companyId, messageId: -2 });
    expect(await jobs.foregroundWaiting('message.send')).toBe(true);
    await app.owner`delete from pgboss.job where name = 'message.send' and (data->>'messageId')::int < 0`;
  });
});
