/**
 * Announcements as the spec's client uses them (administration.md §7 "Announcements",
 * attendance.md §7): the super user's /announcements page and modal (POST or PUT of the values,
 * then the picture through media-upload, DELETE of it and of the record), the top bar's popover
 * (`GET /announcements/` {searchParam, pageNumber} → records, hasMore) and its live channel
 * `company-<id>-announcement` ({ action, record } / { action: 'delete', id }).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { SpecClient, type SpecSocket } from './client';
import { createStage, type Stage } from './stage';

interface WireAnnouncement {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  mediaPath: string;
  mediaName: string;
  createdAt: string;
}

let stage: Stage;
let su: SpecClient;
let agent: SpecClient;
let socket: SpecSocket;
beforeAll(async () => {
  stage = await createStage();
  su = new SpecClient(stage.app);
  if (!(await su.login(SUPER_EMAIL, SUPER_PASSWORD)).admitted) throw new Error('the super user was not admitted');
  agent = await stage.userTab([]);
  socket = await agent.socket().open();
});
afterAll(async () => {
  socket?.close();
  await stage?.close();
});

const channel = (companyId: number) => `company-${companyId}-announcement`;
const PNG = new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64')], { type: 'image/png' });

describe('the /announcements page, its modal and the popover', () => {
  it('creates with the modal (values, then the picture), and the agent of another company hears it and lists it', async () => {
    const heard = socket.next<{ action: string; record?: WireAnnouncement }>(channel(agent.companyId), (p) => p.record?.title === 'Manutenção programada' && p.action === 'create');
    const saved = await su.http<WireAnnouncement>('POST', '/announcements', { data: { title: 'Manutenção programada', text: 'Sábado às 22h', priority: 1, status: true } });
    expect(saved.status).toBe(200);
    const frame = await heard;
    expect(frame.record).toMatchObject({ id: saved.data.id, priority: 1, text: 'Sábado às 22h' });
    const form = new FormData();
    form.append('file', PNG, 'aviso.png');
    const upload = await su.http<WireAnnouncement>('POST', `/announcements/${saved.data.id}/media-upload`, { form });
    expect(upload.status).toBe(200);
    expect(upload.data.mediaName).toBe('aviso.png');

    const popover = await agent.http<{ records: WireAnnouncement[]; hasMore: boolean }>('GET', '/announcements/', { params: { searchParam: '', pageNumber: 1 } });
    expect(popover.status).toBe(200);
    expect(popover.data.hasMore).toBe(false);
    expect(popover.data.records.find((r) => r.id === saved.data.id)).toMatchObject({ title: 'Manutenção programada', priority: 1, mediaName: 'aviso.png', createdAt: expect.any(String) });
  });

  it('edits with GET then PUT of the whole record, removes the picture, and deletes it; the popover drops it live', async () => {
    const made = await su.http<WireAnnouncement>('POST', '/announcements', { data: { title: 'Novidade', text: 'Relatórios novos', priority: 3, status: true } });
    const loaded = await su.http<WireAnnouncement>('GET', `/announcements/${made.data.id}`);
    const edited = await su.http<WireAnnouncement>('PUT', `/announcements/${made.data.id}`, { data: { ...loaded.data, priority: '2' } });
    expect(edited.status).toBe(200);
    expect(edited.data.priority).toBe(2);
    expect((await su.http('DELETE', `/announcements/${made.data.id}/media-upload`)).status).toBe(200);
    const gone = socket.next<{ action: string; id?: number }>(channel(agent.companyId), (p) => p.action === 'delete' && p.id === made.data.id);
    expect((await su.http('DELETE', `/announcements/${made.data.id}`)).status).toBe(200);
    expect(await gone).toEqual({ action: 'delete', id: made.data.id });
  });

  it("refuses the company user's write with ERR_NO_PERMISSION (after the client's one refresh and retry)", async () => {
    const res = await agent.http('POST', '/announcements', { data: { title: 'Pirata', text: 'x', priority: 1, status: true } });
    expect(res.status).toBe(403);
    expect(res.data).toMatchObject({ error: 'ERR_NO_PERMISSION' });
  });
});
