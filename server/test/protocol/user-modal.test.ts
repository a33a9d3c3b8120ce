/**
 * The profile menu's UserModal (attendance.md §2 Top bar, §8 PUT /users/{id}): it loads the user,
 * then saves every field of its form back, the unchanged ones included. A regular user saving
 * their own form (with their profile, queues and allTicket as they are) must succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStage, type Stage } from './stage';

let stage: Stage;
beforeAll(async () => {
  stage = await createStage();
});
afterAll(async () => {
  await stage?.close();
});

describe('UserModal (profile menu)', () => {
  it("a regular user saves their own form as loaded, with a new name and a blank password", async () => {
    const { id: queueId } = await stage.c.addQueue();
    const tab = await stage.userTab([queueId]);
    const me = await tab.userById();
    expect(me.status).toBe(200);
    const loaded = me.data as { name: string; email: string; profile: string; allTicket: string; whatsappId: number | null; queues: { id: number }[] };
    const saved = await tab.saveUser(tab.userId, {
      name: 'Nome Novo',
      email: loaded.email,
      password: '',
      profile: loaded.profile,
      allTicket: loaded.allTicket,
      whatsappId: loaded.whatsappId ?? '',
      queueIds: loaded.queues.map((q) => q.id),
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ id: tab.userId, name: 'Nome Novo', profile: 'user', queues: [{ id: queueId }] });
  });

  it('an admin saves their own form (profile admin as it is) and gets it back', async () => {
    const tab = await stage.adminTab();
    const me = (await tab.userById()).data as { name: string; email: string; profile: string; allTicket: string; whatsappId: number | null; queues: { id: number }[] };
    const saved = await tab.saveUser(tab.userId, { ...me, password: '', queueIds: me.queues.map((q) => q.id), allTicket: 'enabled' });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ profile: 'admin', allTicket: 'enabled' });
  });
});
