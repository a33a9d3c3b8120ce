/**
 * Queues (administration.md §2, §3, §5, §7, §9): CRUD with hours, media and the option tree,
 * admins only for writes, `company-<id>-queue` events and the audit trail.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultQueueSchedules, wireEvent, type QueueDto, type QueueOptionDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { multipart } from '../../../test/helpers/form-parts';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let agent: { token: string };
let sup: { token: string };

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  agent = await a.addUser({});
  sup = await a.addUser({ profile: 'supervisor' });
});
afterAll(() => app.close());

let seq = 0;
const color = () => `#${(0xa00000 + ++seq * 7919).toString(16).slice(-6)}`;
const admin = () => api(app, a.adminToken);
const makeQueue = async (body: Record<string, unknown> = {}) => {
  const r = await admin().post<QueueDto>('/queue', { name: `Fila ${++seq}`, color: color(), ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const makeOption = async (body: Record<string, unknown>) => {
  const r = await admin().post<QueueOptionDto>('/queue-options', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const audits = (entity: string, id: number) =>
  app.owner`select action, before, after from audit_logs where company_id = ${a.companyId} and entity = ${entity} and entity_id = ${String(id)} order by id`;

/** A real 2×1 PNG: the store types files by their bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64');
const upload = (url: string, token: string) => {
  const form = multipart([{ name: 'typeArch', value: 'queue' }, { name: 'file', value: PNG, filename: 'boas vindas.png', contentType: 'image/png' }]);
  return app.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
};
const raw = (method: 'GET' | 'DELETE', url: string, token = a.adminToken) => app.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

describe('queues', () => {
  it('creates with every field the spec sends, and reads it back', async () => {
    const q = await makeQueue({ greetingMessage: 'Olá!', outOfHoursMessage: 'Fechado', orderQueue: '3', integrationId: '', promptId: false, schedules: defaultQueueSchedules });
    expect(q).toMatchObject({ greetingMessage: 'Olá!', outOfHoursMessage: 'Fechado', orderQueue: 3, integrationId: null, promptId: null, schedules: defaultQueueSchedules, mediaPath: null });
    expect((await admin().get(`/queue/${q.id}`)).body).toEqual(q);
    expect((await admin().get<QueueDto[]>('/queue')).body.map((x) => x.id)).toContain(q.id);
  });

  it('takes assignment, agentCapacity and reassignAfterMinutes (issue 30 §2), none and null when not sent, and keeps them when a later PUT leaves them out', async () => {
    const plain = await makeQueue();
    expect(plain).toMatchObject({ assignment: 'none', agentCapacity: null, reassignAfterMinutes: null });
    const q = await makeQueue({ assignment: 'balanced', agentCapacity: 5, reassignAfterMinutes: 10 });
    expect(q).toMatchObject({ assignment: 'balanced', agentCapacity: 5, reassignAfterMinutes: 10 });
    // The spec's form sends its own fields only: the assignment stays.
    const r = await admin().put<QueueDto>(`/queue/${q.id}`, { name: q.name, color: q.color, greetingMessage: 'Olá' });
    expect(r.body).toMatchObject({ assignment: 'balanced', agentCapacity: 5, reassignAfterMinutes: 10, greetingMessage: 'Olá' });
    const off = await admin().put<QueueDto>(`/queue/${q.id}`, { assignment: 'round_robin', agentCapacity: null, reassignAfterMinutes: null });
    expect(off.body).toMatchObject({ assignment: 'round_robin', agentCapacity: null, reassignAfterMinutes: null });
  });

  it('refuses a colour in use on create and on update (any case), but keeps a queue its own colour', async () => {
    const first = await makeQueue({ color: '#ABC123' });
    const clash = await admin().post('/queue', { name: 'Outra', color: '#abc123' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    const second = await makeQueue();
    expect((await admin().put(`/queue/${second.id}`, { color: '#abc123' })).body).toMatchObject({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    expect((await admin().put(`/queue/${first.id}`, { color: '#ABC123', name: 'Renomeada' })).status).toBe(200);
  });

  it('refuses a name another queue has', async () => {
    const q = await makeQueue({ name: 'Financeiro' });
    expect((await admin().post('/queue', { name: 'Financeiro', color: color() })).status).toBe(409);
    const other = await makeQueue();
    expect((await admin().put(`/queue/${other.id}`, { name: 'Financeiro' })).body).toMatchObject({ error: 'ERR_DUPLICATED_RECORD' });
    expect((await admin().put(`/queue/${q.id}`, { name: 'Financeiro' })).status).toBe(200);
  });

  it('validates the name (2–50) and the hours (##:##, one per weekday)', async () => {
    expect((await admin().post('/queue', { name: 'A', color: color() })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    const q = await makeQueue();
    const bad = [
      [{ ...defaultQueueSchedules[0], startTime: '8:00' }],
      [{ ...defaultQueueSchedules[0], endTime: '24:00' }],
      [{ ...defaultQueueSchedules[0], startTime: '08:60' }],
      [defaultQueueSchedules[0], defaultQueueSchedules[0]],
      [{ ...defaultQueueSchedules[0], weekdayEn: 'funday' }],
    ];
    for (const schedules of bad) expect((await admin().put(`/queue/${q.id}`, { schedules })).status, JSON.stringify(schedules)).toBe(400);
    const edited = await admin().put<QueueDto>(`/queue/${q.id}`, { schedules: [{ ...defaultQueueSchedules[0], startTime: '09:30', endTime: '17:45' }] });
    expect(edited.body.schedules).toEqual([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:30', endTime: '17:45' }]);
  });

  it('updates only the fields sent, and records the change (a diff) in the audit trail', async () => {
    const q = await makeQueue({ greetingMessage: 'Oi' });
    const r = await admin().put<QueueDto>(`/queue/${q.id}`, { outOfHoursMessage: 'Volte amanhã' });
    expect(r.body).toMatchObject({ name: q.name, greetingMessage: 'Oi', outOfHoursMessage: 'Volte amanhã' });
    const trail = await audits('queue', q.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update']);
    expect(trail[1]).toMatchObject({ before: { outOfHoursMessage: '' }, after: { outOfHoursMessage: 'Volte amanhã' } });
  });

  it('deletes: tickets keep going without the queue, its options go, and the trail says so', async () => {
    const q = await makeQueue();
    const contact = (await admin().post<{ id: number }>('/contacts', { name: 'Cliente', number: `55119${String(Date.now()).slice(-8)}` })).body.id;
    const t = (await admin().post<{ id: number }>('/tickets', { contactId: contact, queueId: q.id, status: 'open' })).body;
    const root = await makeOption({ queueId: q.id, title: 'Vendas', option: '1' });
    expect((await admin().del(`/queue/${q.id}`)).status).toBe(200);
    expect((await admin().get(`/queue/${q.id}`)).body).toMatchObject({ error: 'ERR_NO_QUEUE_FOUND' });
    expect((await app.owner`select queue_id from tickets where id = ${t.id}`)[0]).toEqual({ queue_id: null });
    expect(await app.owner`select id from queue_options where id = ${root.id}`).toHaveLength(0);
    expect((await audits('queue', q.id)).map((x) => x.action)).toEqual(['create', 'delete']);
  });

  it('stops at the plan limit with the spec message', async () => {
    const c = await createCompany(app);
    const plan = (await app.owner`select plan_id, (select queues from plans where id = plan_id) as queues from companies where id = ${c.companyId}`)[0]!;
    const n = (await app.owner`select count(*)::int as n from queues where company_id = ${c.companyId}`)[0]!.n as number;
    await app.owner`update plans set queues = ${n + 1} where id = ${plan.plan_id}`;
    try {
      await c.addQueue();
      const r = await api(app, c.adminToken).post('/queue', { name: 'Além', color: '#000001' });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: 'ERR_PLAN_LIMIT_QUEUES', message: `Número máximo de filas já alcançado: ${n + 1}` });
    } finally {
      await app.owner`update plans set queues = ${plan.queues} where id = ${plan.plan_id}`;
    }
  });

  it('attaches, serves and removes a file', async () => {
    const q = await makeQueue();
    const up = await upload(`/queue/${q.id}/media-upload`, a.adminToken);
    expect(up.statusCode, up.body).toBe(200);
    const withFile = up.json<QueueDto>();
    expect(withFile.mediaName).toBe('boas vindas.png');
    const served = await raw('GET', `/queue/${q.id}/media`, agent.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const stored = withFile.mediaPath!;
    expect(await app.media.exists(a.companyId, stored)).toBe(true);
    const removed = await raw('DELETE', `/queue/${q.id}/media-upload`);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await app.media.exists(a.companyId, stored)).toBe(false);
    expect((await raw('GET', `/queue/${q.id}/media`)).statusCode).toBe(404);
  });

  it('tells the whole company: create, update, delete on company-<id>-queue', async () => {
    const socket: Socket = await connectSocket(app, agent.token);
    try {
      const event = wireEvent(a.companyId, 'queue');
      const created = nextEvent<{ action: string; queue: QueueDto }>(socket, event, (p) => p.action === 'create');
      const q = await makeQueue({ name: 'Ao vivo' });
      expect((await created).queue).toMatchObject({ id: q.id, name: 'Ao vivo' });
      const updated = nextEvent<{ action: string; queue: QueueDto }>(socket, event, (p) => p.action === 'update');
      await admin().put(`/queue/${q.id}`, { name: 'Ao vivo 2' });
      expect((await updated).queue).toMatchObject({ id: q.id, name: 'Ao vivo 2' });
      const deleted = nextEvent(socket, event, (p: { action: string }) => p.action === 'delete');
      await admin().del(`/queue/${q.id}`);
      expect(await deleted).toEqual({ action: 'delete', queueId: q.id });
    } finally {
      socket.close();
    }
  });

  it('lets every profile read, and only admins write (supervisor and user: ERR_NO_PERMISSION, nothing changed)', async () => {
    const q = await makeQueue({ name: 'Intocada' });
    const opt = await makeOption({ queueId: q.id, title: 'Raiz' });
    for (const who of [agent, sup]) {
      const u = api(app, who.token);
      expect((await u.get(`/queue/${q.id}`)).status).toBe(200);
      expect((await u.get('/queue')).status).toBe(200);
      expect((await u.get(`/queue-options?queueId=${q.id}`)).status).toBe(200);
      const refused = [
        await u.post('/queue', { name: 'Nova', color: color() }),
        await u.put(`/queue/${q.id}`, { name: 'Mudou' }),
        await u.del(`/queue/${q.id}`),
        await u.post('/queue-options', { queueId: q.id, title: 'x' }),
        await u.put(`/queue-options/${opt.id}`, { title: 'Mudou' }),
        await u.del(`/queue-options/${opt.id}`),
        await u.del(`/queue/${q.id}/media-upload`),
        await u.del(`/queue-options/${opt.id}/media-upload`),
      ];
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
      expect(refused.every((r) => (r.body as { error: string }).error === 'ERR_NO_PERMISSION')).toBe(true);
      expect((await upload(`/queue/${q.id}/media-upload`, who.token)).statusCode).toBe(403);
      expect((await upload(`/queue-options/${opt.id}/media-upload`, who.token)).statusCode).toBe(403);
    }
    expect((await admin().get(`/queue/${q.id}`)).body).toMatchObject({ name: 'Intocada', mediaPath: null });
    expect((await admin().get<QueueOptionDto[]>(`/queue-options?queueId=${q.id}`)).body).toEqual([opt]);
  });
});

describe('the option tree', () => {
  it('lists one level by parentId (-1: roots) or the whole tree, in option-number order', async () => {
    const q = await makeQueue();
    const two = await makeOption({ queueId: q.id, title: 'Suporte', option: 2, message: 'Escolha' });
    const ten = await makeOption({ queueId: q.id, parentId: -1, title: 'Outros', option: '10' });
    const one = await makeOption({ queueId: q.id, parentId: null, title: 'Vendas', option: '1' });
    const child = await makeOption({ queueId: q.id, parentId: two.id, title: 'Internet', option: '1', message: 'Reinicie o modem' });
    expect(two).toMatchObject({ option: '2', parentId: null, message: 'Escolha' });
    const roots = (await admin().get<QueueOptionDto[]>(`/queue-options?queueId=${q.id}&parentId=-1`)).body;
    expect(roots.map((o) => o.id)).toEqual([one.id, two.id, ten.id]);
    expect((await admin().get<QueueOptionDto[]>(`/queue-options?queueId=${q.id}&parentId=${two.id}`)).body).toEqual([child]);
    expect((await admin().get<QueueOptionDto[]>(`/queue-options?queueId=${q.id}`)).body.map((o) => o.id).sort()).toEqual([one.id, two.id, ten.id, child.id].sort());
  });

  it('edits title, number and message, never the place in the tree', async () => {
    const q = await makeQueue();
    const other = await makeQueue();
    const o = await makeOption({ queueId: q.id, title: 'Antes', option: '1' });
    const r = await admin().put<QueueOptionDto>(`/queue-options/${o.id}`, { title: 'Depois', option: 3, message: 'Olá', queueId: other.id, parentId: 5 });
    expect(r.body).toEqual({ ...o, title: 'Depois', option: '3', message: 'Olá' });
    expect((await audits('queue-option', o.id)).map((x) => x.action)).toEqual(['create', 'update']);
  });

  it("refuses a parent from another queue, or one that does not exist", async () => {
    const q = await makeQueue();
    const other = await makeQueue();
    const foreign = await makeOption({ queueId: other.id, title: 'Alheia' });
    expect((await admin().post('/queue-options', { queueId: q.id, parentId: foreign.id, title: 'Filha' })).body).toMatchObject({ error: 'ERR_NO_QUEUE_OPTION_FOUND' });
    expect((await admin().post('/queue-options', { queueId: q.id, parentId: 999_999, title: 'Filha' })).status).toBe(404);
    expect((await admin().post('/queue-options', { queueId: 999_999, title: 'Filha' })).body).toMatchObject({ error: 'ERR_NO_QUEUE_FOUND' });
  });

  it('deletes an option with its whole subtree and their files', async () => {
    const q = await makeQueue();
    const root = await makeOption({ queueId: q.id, title: 'Raiz', option: '1' });
    const keep = await makeOption({ queueId: q.id, title: 'Fica', option: '2' });
    const child = await makeOption({ queueId: q.id, parentId: root.id, title: 'Filho', option: '1' });
    const grandchild = await makeOption({ queueId: q.id, parentId: child.id, title: 'Neto', option: '1' });
    const up = await upload(`/queue-options/${grandchild.id}/media-upload`, a.adminToken);
    expect(up.statusCode, up.body).toBe(200);
    const stored = up.json<QueueOptionDto>().mediaPath!;
    expect(await app.media.exists(a.companyId, stored)).toBe(true);
    expect((await raw('GET', `/queue-options/${grandchild.id}/media`, agent.token)).statusCode).toBe(200);
    expect((await admin().del(`/queue-options/${root.id}`)).status).toBe(200);
    expect((await admin().get<QueueOptionDto[]>(`/queue-options?queueId=${q.id}`)).body.map((o) => o.id)).toEqual([keep.id]);
    expect(await app.media.exists(a.companyId, stored)).toBe(false);
    expect((await admin().del(`/queue-options/${child.id}`)).body).toMatchObject({ error: 'ERR_NO_QUEUE_OPTION_FOUND' });
  });

  it('attaches and removes an option file', async () => {
    const q = await makeQueue();
    const o = await makeOption({ queueId: q.id, title: 'Com arquivo' });
    expect((await upload(`/queue-options/${o.id}/media-upload`, a.adminToken)).json()).toMatchObject({ mediaName: 'boas vindas.png' });
    expect((await raw('DELETE', `/queue-options/${o.id}/media-upload`)).json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await raw('GET', `/queue-options/${o.id}/media`)).statusCode).toBe(404);
  });
});
