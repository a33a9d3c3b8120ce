/**
 * Memory per WhatsApp session (issue 31 §4, `session rss MB`): one in-process server whose
 * Baileys connections talk to the fake socket (Baileys' own event machinery and protocol
 * messages, no network), `count` connections started and linked through the API, the process's
 * RSS before and after, each measured after a full garbage collection.
 */
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { WhatsappDto } from '@balcao/shared';
import { buildApp } from '../../../server/src/app';
import { seedFirstStart } from '../../../server/src/modules/onboarding';
import { FakeSocket } from '../../../server/src/modules/whatsapp/baileys/test/fake-socket';
import { api, benchConfig, login, SUPER_EMAIL, SUPER_PASSWORD } from './app';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const settledRss = async (): Promise<number> => {
  for (let i = 0; i < 3; i += 1) {
    gc();
    await new Promise((r) => setTimeout(r, 200));
  }
  return process.memoryUsage().rss;
};

export const measureSessionRss = async (db: { ownerUrl: string; appUrl: string }, ownerSql: (q: TemplateStringsArray) => Promise<unknown>, count: number) => {
  const sockets: FakeSocket[] = [];
  const built = await buildApp({
    // A key: without one, Baileys connections stay DISCONNECTED (their auth state is sealed with it).
    config: { ...benchConfig(), loginRateLimit: 1_000_000, waEncryptionKey: randomBytes(32) },
    ownerUrl: db.ownerUrl,
    appUrl: db.appUrl,
    logger: process.env.BENCH_LOG ? { level: 'warn' } : false,
    // Linked at once: the account answers as soon as the channel has subscribed to its events.
    baileysSocketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      setTimeout(() => s.open(), 0);
      return s;
    },
  });
  try {
    await seedFirstStart(built.data, { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD, sandbox: false });
    await built.resumeSessions();
    const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
    await ownerSql`update plans set connections = 100000`;
    const { token } = await login(url, SUPER_EMAIL, SUPER_PASSWORD);
    // One connection first: Baileys' modules and the channel code are loaded once, not per session.
    const start = async (i: number) => {
      const w = await api(url, token).post<WhatsappDto>('/whatsapp', { name: `Sessão ${i}`, provider: 'baileys' });
      await api(url, token).post(`/whatsappsession/${w.id}`, {});
      return w.id;
    };
    const live = async (n: number) => {
      const until = Date.now() + 60_000;
      while (built.sessions.owned().length < n || (await api(url, token).get<WhatsappDto[]>('/whatsapp')).filter((w) => w.status === 'CONNECTED').length < n) {
        if (Date.now() > until) throw new Error(`only ${built.sessions.owned().length} of ${n} sessions live after 60 s (${sockets.length} sockets made; ${JSON.stringify((await api(url, token).get<WhatsappDto[]>('/whatsapp')).map((w) => w.status))})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await start(0);
    await live(1);
    const before = await settledRss();
    for (let i = 1; i <= count; i += 1) await start(i);
    await live(count + 1);
    const after = await settledRss();
    return { count, before, after, perSession: (after - before) / count, sockets: sockets.length };
  } finally {
    await built.close();
  }
};
