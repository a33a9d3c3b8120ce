/**
 * The offline grace of presence (issue 30 §1; decision 0431), with an injected clock: an agent
 * whose last socket closed stays online until the grace has passed, and a socket connecting
 * within it keeps them online.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wireEvent, type PresenceDto } from '@balcao/shared';
import type { Ctx } from '../../db/tenant';
import { rooms } from '../../infra/rooms';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { offlineGrace } from './users.socket';

const GRACE_MS = 60_000;
let at = Date.now();
const clock = { now: () => new Date(at) };

describe('offlineGrace (the bookkeeping)', () => {
  it('gives a user back once the grace has passed since the socket closed, never before; a socket connecting takes them off', () => {
    const g = offlineGrace(clock, GRACE_MS);
    const ctx = (userId: number) => ({ companyId: 1, userId, profile: 'user' }) as Ctx;
    const t0 = new Date(at);
    g.closed(ctx(1), t0);
    g.closed(ctx(2), t0);
    at += GRACE_MS - 1;
    expect(g.take()).toEqual([]);
    g.opened(2);
    at += 1;
    expect(g.take().map((c) => c.userId)).toEqual([1]);
    // Taken once.
    expect(g.take()).toEqual([]);
  });
});

describe('presence with a grace period (through the sockets)', () => {
  let app: TestApp;
  let c: TestCompany;

  beforeAll(async () => {
    app = await createTestApp({ clock, config: { presenceOfflineGraceMs: GRACE_MS } });
    c = await createCompany(app);
  });
  afterAll(() => app.close());

  const statusOf = async (userId: number) => (await api(app, c.adminToken).get<PresenceDto[]>('/users/presence')).body.find((p) => p.id === userId)?.status;
  /** The server has taken the socket's close (it left its rooms in the same turn as its disconnect handler ran). */
  const closed = (userId: number) => vi.waitFor(async () => expect(await app.realtime.socketCount(rooms.user(userId))).toBe(0));

  it('an agent whose sockets all closed is offline only after the grace; one who reconnects within it stays online', async () => {
    const leaving = await c.addUser({});
    const reloading = await c.addUser({});
    const watcher = await connectSocket(app, c.adminToken);
    const channel = wireEvent(c.companyId, 'userPresence');
    const heard: PresenceDto[] = [];
    watcher.on(channel, (p: { presence: PresenceDto }) => heard.push(p.presence));
    try {
      const a = await connectSocket(app, leaving.token);
      let b = await connectSocket(app, reloading.token);
      await vi.waitFor(async () => expect([await statusOf(leaving.user.id), await statusOf(reloading.user.id)]).toEqual(['online', 'online']));

      a.disconnect();
      b.disconnect();
      await Promise.all([closed(leaving.user.id), closed(reloading.user.id)]);
      // Half the grace later both are still online; one reloads the page.
      at += GRACE_MS / 2;
      expect([await statusOf(leaving.user.id), await statusOf(reloading.user.id)]).toEqual(['online', 'online']);
      b = await connectSocket(app, reloading.token);

      // Past the grace: the one who left goes offline (waited for), the one who came back does not.
      at += GRACE_MS / 2 + 1;
      const gone = nextEvent<{ presence: PresenceDto }>(watcher, channel, (p) => p.presence.id === leaving.user.id && p.presence.status === 'offline');
      await gone;
      expect(await statusOf(leaving.user.id)).toBe('offline');
      expect(await statusOf(reloading.user.id)).toBe('online');
      expect(heard.filter((p) => p.id === reloading.user.id && p.status === 'offline')).toEqual([]);
      b.disconnect();
    } finally {
      watcher.disconnect();
    }
  });
});
