/**
 * The /users and /tags pages as the spec's client uses them (administration.md §2, §7): the paged
 * lists with their search, the modals' saves, delete, and the users page's live channel
 * `company-<id>-user` ({ action, user } / { action: 'delete', userId }).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient, SpecSocket } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
let socket: SpecSocket;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  socket = await admin.socket().open();
});
afterAll(async () => {
  socket?.close();
  await stage?.close();
});

describe('pages/Users', () => {
  it('adds a user through the modal, finds them by the lower-cased search, and hears it live', async () => {
    const q = await stage.c.addQueue();
    const made = await admin.createUser({ name: 'Márcia Protocolo', email: 'marcia.protocolo@example.com', password: 'Secret123', profile: 'user', allTicket: 'desabled', whatsappId: '', queueIds: [q.id] });
    expect(made.status).toBe(200);
    const id = made.data.id as number;
    const frame = await socket.next<{ action: string; user: Record<string, unknown> }>(socket.channel('user'), (p) => p.action === 'create' && p.user?.id === id);
    expect(frame.user).toMatchObject({ name: 'Márcia Protocolo', profile: 'user', online: false });
    // handleSearch lower-cases what is typed.
    const page = await admin.usersPage('marcia');
    expect(page.url).toBe('/users/?searchParam=marcia&pageNumber=1');
    expect(page.status).toBe(200);
    expect(page.data.hasMore).toBe(false);
    expect(page.data.users).toEqual([expect.objectContaining({ id, name: 'Márcia Protocolo', email: 'marcia.protocolo@example.com', profile: 'user', online: false })]);
  });

  it('edits through GET then PUT of the whole form, and deletes with { action: "delete", userId }', async () => {
    const id = (await admin.usersPage('marcia')).data.users[0]!.id as number;
    const loaded = (await admin.userById(id)).data;
    const saved = await admin.saveUser(id, {
      name: 'Márcia Supervisora',
      email: loaded.email as string,
      password: '',
      profile: 'supervisor',
      allTicket: loaded.allTicket as string,
      whatsappId: (loaded.whatsappId as number | null) ?? '',
      queueIds: (loaded.queues as { id: number }[]).map((x) => x.id),
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ profile: 'supervisor', name: 'Márcia Supervisora' });
    expect((await admin.deleteUser(id)).status).toBe(200);
    expect(await socket.next(socket.channel('user'), (p: { action: string; userId?: number }) => p.action === 'delete' && p.userId === id)).toEqual({ action: 'delete', userId: id });
    expect((await admin.usersPage('marcia')).data.users).toEqual([]);
  });

  it('shows the deleted-self refusal as the error code the toast translates', async () => {
    const r = await admin.deleteUser(admin.userId);
    expect(r.status).toBe(403);
    expect(r.data).toMatchObject({ error: 'ERR_NO_PERMISSION' });
  });
});

describe('the tags page', () => {
  it('creates, lists with ticketsCount, edits and deletes through the modal’s calls', async () => {
    const made = await admin.saveTag({ name: 'Prioridade', color: '#ff0000', kanban: 1 });
    expect(made.status).toBe(200);
    const id = made.data.id as number;
    const page = await admin.tagsPage('prioridade');
    expect(page.url).toBe('/tags/?searchParam=prioridade&pageNumber=1');
    expect(page.data).toMatchObject({ hasMore: false, tags: [{ id, name: 'Prioridade', color: '#ff0000', kanban: 1, ticketsCount: 0 }] });
    expect((await admin.tag(id)).data).toMatchObject({ name: 'Prioridade' });
    const edited = await admin.saveTag({ name: 'Prioridade alta', color: '#aa0000', kanban: 0 }, id);
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ name: 'Prioridade alta', color: '#aa0000', kanban: 0 });
    expect(await socket.next(socket.channel('tag'), (p: { action: string; tag?: { id: number } }) => p.action === 'update' && p.tag?.id === id)).toMatchObject({ tag: { name: 'Prioridade alta' } });
    expect((await admin.deleteTag(id)).status).toBe(200);
    expect((await admin.tagsPage('prioridade')).data.tags).toEqual([]);
  });
});
