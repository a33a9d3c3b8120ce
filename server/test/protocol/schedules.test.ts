/**
 * The /schedules page as the spec's client uses it (administration.md "Schedules", §5, §7): the
 * page's GET /schedules/ {searchParam, pageNumber} (reads `schedules`, `hasMore`), the modal's
 * GET /schedules/{id} then POST / PUT of its values plus `userId` (sendAt as a datetime-local
 * `YYYY-MM-DDTHH:mm`), the attachment's media-upload, DELETE; and the page's live channel
 * `company<id>-schedule` ({ action, schedule } / { action: 'delete', scheduleId }).
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

/** pages/Schedules' socket handler: the name it listens on (no hyphen after "company"). */
const channel = (companyId: number) => `company${companyId}-schedule`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('pages/Schedules and ScheduleModal', () => {
  it("saves the modal's values (sendAt as datetime-local) with an attachment, lists it, edits, deletes, live on the page's channel", async () => {
    const contact = (await stage.customerWrites('5511988887777', 'Oi')).contact as { id: number };
    const form = { body: 'Sua consulta é amanhã às 10h', contactId: contact.id, sendAt: '2031-05-10T09:30', sentAt: '' };
    const { saved, upload } = await admin.saveSchedule(form, { attachment: { blob: new Blob([PNG], { type: 'image/png' }), name: 'mapa.png' } });
    expect(saved.status).toBe(200);
    expect(upload?.status).toBe(200);
    const id = saved.data.id;
    const created = await socket.next<{ action: string; schedule: { id: number } }>(channel(agent.companyId), (p) => p.schedule?.id === id && p.action === 'create');
    expect(created.action).toBe('create');

    const page = await admin.schedulesPage();
    expect(page.url).toMatch(/^\/schedules\/\?searchParam=&pageNumber=1$/);
    expect(page.status).toBe(200);
    expect(page.data.schedules).toEqual([expect.objectContaining({ id, body: form.body, contactId: contact.id, status: 'PENDENTE', sentAt: null, mediaName: 'mapa.png', contact: expect.objectContaining({ id: contact.id }) })]);
    expect(page.data.hasMore).toBe(false);
    expect((await admin.schedulesPage({ contactId: contact.id })).data.schedules).toHaveLength(1);

    // Edit: GET, then PUT of the whole record as the form holds it.
    const loaded = await admin.schedule(id);
    expect(loaded.status).toBe(200);
    const edited = await admin.saveSchedule({ ...loaded.data, body: 'Sua consulta foi remarcada', sendAt: '2031-05-11T14:00' }, { id });
    expect(edited.saved.status).toBe(200);
    expect(edited.saved.data).toMatchObject({ body: 'Sua consulta foi remarcada' });
    expect((await admin.deleteScheduleMedia(id)).status).toBe(200);

    expect((await admin.deleteSchedule(id)).status).toBe(200);
    const gone = await socket.next<{ action: string; scheduleId: number }>(channel(agent.companyId), (p) => p.action === 'delete' && p.scheduleId === id);
    expect(gone.scheduleId).toBe(id);
    expect((await admin.schedulesPage()).data.schedules).toEqual([]);
  });

  it("the modal's short body is refused with 'Mensagem muito curta'", async () => {
    const contact = (await stage.customerWrites('5511988886666', 'Oi')).contact as { id: number };
    const res = await admin.saveSchedule({ body: 'Oi', contactId: contact.id, sendAt: '2031-05-10T09:30', sentAt: '' });
    expect(res.saved.status).toBe(400);
    expect(JSON.stringify(res.saved.data)).toContain('Mensagem muito curta');
  });
});
