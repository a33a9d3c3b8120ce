/**
 * A full page reload, as the spec's client does it: the token is in localStorage, so useAuth
 * refreshes the session first; then the layout's calls that run on every page, then the page
 * itself (/tickets/{uuid}) and a new socket that joins again after `ready` (attendance §4
 * Session and Real-time, §2 Side menu and Top bar; administration §7 Companies, plans, settings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecClient, type WireMessage, type WireTicket } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
beforeAll(async () => {
  stage = await createStage();
});
afterAll(async () => {
  await stage?.close();
});

const PLAN_FLAGS = ['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations'];

/** What every page's layout asks for (MainListItems, NotificationsPopOver, WhatsAppsContext, UserModal). */
const layoutCalls = async (tab: SpecClient) => {
  const plan = await tab.listPlan();
  expect(plan.status).toBe(200);
  // MainListItems reads planConfigs.plan.useCampaigns … and throws when `plan` is missing.
  for (const flag of PLAN_FLAGS) expect(typeof plan.data.plan?.[flag], flag).toBe('boolean');

  const version = await tab.version();
  expect(version.status).toBe(200);
  expect(version.data.version).toEqual(expect.any(String));

  const settings = await tab.settings();
  expect(settings.status).toBe(200);
  expect(Array.isArray(settings.data)).toBe(true);
  expect(settings.data.find((s) => s.key === 'sendGreetingAccepted')).toMatchObject({ value: expect.any(String) });

  const me = await tab.userById();
  expect(me.status).toBe(200);
  expect(me.data).toMatchObject({ id: tab.userId, name: expect.any(String), email: expect.any(String), profile: tab.user!.profile, queues: expect.any(Array) });
  expect('whatsappId' in me.data).toBe(true);

  expect((await tab.whatsapps()).status).toBe(200);
  expect((await tab.notifications()).status).toBe(200);
};

describe('a full page reload of /tickets/{uuid}', () => {
  let first: SpecClient;
  let t: WireTicket;
  let phone: string;

  beforeAll(async () => {
    first = await stage.adminTab();
    phone = uniquePhone();
    t = await stage.customerWrites(phone, 'Antes do reload', 'Cliente Reload');
    expect((await first.acceptFromList(t)).put.status).toBe(200);
  });

  it('the page right after login makes the layout calls successfully', async () => {
    await layoutCalls(first);
  });

  it('restores the session from the refresh cookie, makes the layout calls, reopens the ticket and its live conversation', async () => {
    const reloaded = new SpecClient(stage.app, first.storage, first.jar);
    const restored = await reloaded.restoreSession();
    expect(restored.status).toBe(200);
    expect(restored.data.user).toMatchObject({ id: first.userId, companyId: first.companyId, profile: 'admin', company: { dueDate: expect.any(String) } });

    await layoutCalls(reloaded);

    const ticket = await reloaded.ticketByUuid(t.uuid);
    expect(ticket.status).toBe(200);
    expect(ticket.data).toMatchObject({ id: t.id, status: 'open', userId: first.userId });
    const messages = await reloaded.messages(ticket.data.id);
    expect(messages.status).toBe(200);
    expect(messages.data.messages.map((m) => m.body)).toContain('Antes do reload');

    const socket = reloaded.socket();
    let joined: Promise<unknown> = Promise.resolve();
    socket.whenReady(() => {
      socket.joinList('open');
      socket.joinList('pending');
      socket.joinList();
      joined = socket.joinChatBox(ticket.data.id);
    });
    await socket.open();
    try {
      expect(await joined).toBe(true);
      const live = socket.next<{ action: string; message: WireMessage }>(socket.channel('appMessage'), (p) => p.action === 'create' && p.message?.body === 'Depois do reload');
      await stage.c.inbound(phone, 'Depois do reload');
      expect((await live).message.ticketId).toBe(t.id);
    } finally {
      socket.close();
    }
  });

  it('reloads twice in a row (the refresh cookie rotates and the jar follows it)', async () => {
    const tab = await stage.adminTab();
    const again = new SpecClient(stage.app, tab.storage, tab.jar);
    expect((await again.restoreSession()).status).toBe(200);
    const third = new SpecClient(stage.app, tab.storage, tab.jar);
    expect((await third.restoreSession()).status).toBe(200);
    expect((await third.listPlan()).status).toBe(200);
  });

  it("a regular user's reload: the same layout calls answer for a non-admin", async () => {
    const { id: queueId } = await stage.c.addQueue();
    const agent = await stage.userTab([queueId]);
    const reloaded = new SpecClient(stage.app, agent.storage, agent.jar);
    expect((await reloaded.restoreSession()).status).toBe(200);
    await layoutCalls(reloaded);
    const me = await reloaded.userById();
    expect((me.data.queues as { id: number }[]).map((q) => q.id)).toEqual([queueId]);
  });
});
