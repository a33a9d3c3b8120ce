/**
 * Queues as the spec's client uses them (administration.md §2, §7): the /queues page, its modal
 * (GET then PUT of the merged values, hours, media) and the option tree editor, and the page's
 * live channel `company-<id>-queue` ({ action, queue } / { action: 'delete', queueId }).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient, SpecSocket } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
let agent: SpecClient;
let socket: SpecSocket;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  agent = await stage.userTab([]);
  socket = await agent.socket().open();
});
afterAll(async () => {
  socket?.close();
  await stage?.close();
});

const channel = (companyId: number) => `company-${companyId}-queue`;
const week = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];
const png = () => new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64')], { type: 'image/png' });

describe('the /queues page and its modal', () => {
  let id: number;

  it("creates with the form's empty values, an attachment, and the page lists it (others hear it live)", async () => {
    const form = { name: 'Comercial', color: '#1e88e5', greetingMessage: 'Bem-vindo ao comercial', outOfHoursMessage: 'Fora do horário', orderQueue: '', integrationId: '' };
    const { saved, upload } = await admin.saveQueue(form, { schedules: week, attachment: { blob: png(), name: 'tabela.png' } });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(upload?.status).toBe(200);
    id = saved.data.id;
    const row = (await admin.queues()).data.find((q) => q.id === id);
    expect(row).toMatchObject({ name: 'Comercial', color: '#1e88e5', orderQueue: null, greetingMessage: 'Bem-vindo ao comercial', mediaName: 'tabela.png', schedules: week });
    const frame = await socket.next<{ action: string; queue: { id: number } }>(channel(agent.companyId), (p) => p.action === 'create' && p.queue?.id === id);
    expect(frame.queue).toMatchObject({ name: 'Comercial' });
  });

  it('edits through GET then PUT of the whole record, and the page hears the update', async () => {
    const loaded = await admin.queue(id);
    expect(loaded.status).toBe(200);
    const { saved } = await admin.saveQueue({ ...loaded.data, name: 'Comercial SP', orderQueue: 2 }, { id, schedules: loaded.data.schedules as unknown[] });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    const frame = await socket.next<{ action: string; queue: { id: number; name: string } }>(channel(agent.companyId), (p) => p.action === 'update' && p.queue?.name === 'Comercial SP');
    expect(frame.queue).toMatchObject({ id, orderQueue: 2, schedules: week, mediaName: 'tabela.png' });
    expect((await admin.deleteQueueMedia(id)).status).toBe(200);
    expect((await admin.queue(id)).data).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it("refuses a colour in use with ERR_QUEUE_COLOR_ALREADY_EXISTS", async () => {
    const { saved } = await admin.saveQueue({ name: 'Outra', color: '#1E88E5', greetingMessage: '', outOfHoursMessage: '', orderQueue: '', integrationId: '' });
    expect(saved.status).toBe(409);
    expect(saved.data).toMatchObject({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
  });

  it("refuses the agent's save with ERR_NO_PERMISSION (after the client's one refresh and retry)", async () => {
    const loaded = await agent.queue(id);
    expect(loaded.status).toBe(200);
    const { saved } = await agent.saveQueue({ ...loaded.data, name: 'Tomada' }, { id });
    expect(saved.status).toBe(403);
    expect(saved.data).toMatchObject({ error: 'ERR_NO_PERMISSION' });
  });

  it('builds a two-level option tree the way the editor does, level by level', async () => {
    const vendas = await admin.saveQueueOption({ title: 'Vendas', message: 'Escolha o produto', option: 1, queueId: id, parentId: null });
    expect(vendas.status, JSON.stringify(vendas.data)).toBe(200);
    const suporte = await admin.saveQueueOption({ title: 'Suporte', message: '', option: 2, queueId: id, parentId: null });
    const internet = await admin.saveQueueOption({ title: 'Internet', message: 'Plano de internet', option: 1, queueId: id, parentId: vendas.data.id });
    expect(internet.status).toBe(200);
    expect((await admin.uploadQueueOptionMedia(internet.data.id as number, { blob: png(), name: 'planos.png' })).status).toBe(200);
    const edited = await admin.saveQueueOption({ ...internet.data, title: 'Internet fibra' });
    expect(edited.data).toMatchObject({ title: 'Internet fibra', option: '1', parentId: vendas.data.id, mediaName: 'planos.png' });
    const roots = await admin.queueOptions(id, -1);
    expect(roots.url).toMatch(/^\/queue-options\?queueId=\d+&parentId=-1$/);
    expect(roots.data.map((o) => o.title)).toEqual(['Vendas', 'Suporte']);
    expect((await admin.queueOptions(id, vendas.data.id as number)).data.map((o) => o.title)).toEqual(['Internet fibra']);
    expect((await admin.deleteQueueOption(vendas.data.id as number)).status).toBe(200);
    expect((await admin.queueOptions(id, -1)).data.map((o) => o.id)).toEqual([suporte.data.id]);
  });

  it('deletes, and the page hears { action: "delete", queueId }', async () => {
    expect((await admin.deleteQueue(id)).status).toBe(200);
    expect(await socket.next(channel(agent.companyId), (p: { action: string }) => p.action === 'delete')).toEqual({ action: 'delete', queueId: id });
  });
});
