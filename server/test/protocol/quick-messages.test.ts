/**
 * Quick replies as the spec's client uses them: the composer's list (MessageInputCustom →
 * useQuickMessages), the /quick-messages page and its dialog (administration.md §2, §7), and the
 * page's live channel `company<id>-quickemessage` ({ action, record } / { action: 'delete', id }).
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

/** pages/QuickMessages' socket handler: the name it listens on (no hyphen after "company"). */
const channel = (companyId: number) => `company${companyId}-quickemessage`;

describe('the /quick-messages page and its dialog', () => {
  it('creates a general reply with an attachment the way the dialog does, and the page lists it', async () => {
    const png = new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64')], { type: 'image/png' });
    const { saved, upload } = await admin.saveQuickMessage({ shortcode: 'boasvindas', message: 'Olá {{name}}, seja bem-vindo!', geral: true }, { attachment: { blob: png, name: 'cartão de visita.png' } });
    expect(saved.status).toBe(200);
    expect(upload?.status).toBe(200);
    const page = await admin.quickMessagesPage();
    expect(page.status).toBe(200);
    const row = page.data.records.find((r) => r.id === saved.data.id);
    expect(row).toMatchObject({ shortcode: 'boasvindas', geral: true, mediaName: 'cartão de visita.png' });
    expect(page.data.hasMore).toBe(false);
    // The agent's page heard it live, as the record the reducer stores.
    const frame = await socket.next<{ action: string; record: { id: number } }>(channel(agent.companyId), (p) => p.record?.id === saved.data.id && p.action === 'update');
    expect(frame.record).toMatchObject({ shortcode: 'boasvindas', isMedia: true });
  });

  it("edits through GET then PUT of the whole record (the dialog's merged values), and removes the attachment", async () => {
    const { saved } = await agent.saveQuickMessage({ shortcode: 'prazo', message: 'Entregamos em 2 dias', geral: false });
    expect(saved.status).toBe(200);
    const loaded = await agent.quickMessage(saved.data.id);
    const edited = await agent.saveQuickMessage({ ...loaded.data, message: 'Entregamos em 3 dias' }, { id: saved.data.id });
    expect(edited.saved.status).toBe(200);
    expect((await agent.quickMessage(saved.data.id)).data).toMatchObject({ message: 'Entregamos em 3 dias', userId: agent.user!.id, isMedia: false, mediaPath: null });
    expect((await agent.deleteQuickMessageMedia(saved.data.id)).status).toBe(200);
  });

  it("refuses the agent's edit of a general reply with ERR_NO_PERMISSION (after the client's one refresh and retry)", async () => {
    const general = (await admin.quickMessagesPage('boasvindas')).data.records[0]!;
    const res = await agent.saveQuickMessage({ ...general, message: 'mudado' }, { id: general.id as number });
    expect(res.saved.status).toBe(403);
    expect(res.saved.data).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(agent.calls.slice(-3).map((c) => c.replace(/ → .*/, ''))).toEqual([`PUT /quick-messages/${general.id as number}`, 'POST /auth/refresh_token', `PUT /quick-messages/${general.id as number}`]);
  });

  it('deletes, and the page hears { action: "delete", id }', async () => {
    const { saved } = await agent.saveQuickMessage({ shortcode: 'apagar', message: 'x', geral: false });
    expect((await agent.deleteQuickMessage(saved.data.id)).status).toBe(200);
    expect(await socket.next(channel(agent.companyId), (p: { action: string; id?: number }) => p.action === 'delete' && p.id === saved.data.id)).toEqual({ action: 'delete', id: saved.data.id });
  });
});

describe("the composer's list (GET /quick-messages/list with companyId and userId)", () => {
  it('gives message, shortcode and mediaPath of the general replies and the caller’s own', async () => {
    await agent.saveQuickMessage({ shortcode: 'meu', message: 'Só meu', geral: false });
    await admin.saveQuickMessage({ shortcode: 'doadmin', message: 'Do admin', geral: false });
    const res = await agent.quickMessagesList();
    expect(res.url).toMatch(/^\/quick-messages\/list\?companyId=\d+&userId=\d+$/);
    expect(res.status).toBe(200);
    expect(res.data.map((q) => q.shortcode)).toEqual(['boasvindas', 'meu', 'prazo']);
    for (const q of res.data) expect(q).toMatchObject({ message: expect.any(String), shortcode: expect.any(String) });
    expect(res.data[0]!.mediaPath).toEqual(expect.any(String));
  });
});
