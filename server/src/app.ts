import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_WA, type Config } from './infra/config';
import { createDbClient } from './db/client';
import { createDataAccess, type DataAccess } from './db/tenant';
import { LeaseHolder } from './db/leases';
import { EventBus } from './infra/event-bus';
import { Jobs } from './infra/jobs';
import { systemClock, type Clock } from './infra/clock';
import { registerErrorHandlers } from './infra/error-handler';
import { registerAuth, requireAuth, sessionVersionFrom, signAccessToken } from './infra/auth';
import { attachRealtime } from './infra/realtime';
import type { Realtime } from './infra/rooms';
import { createInbound } from './modules/whatsapp/inbound';
import { registerMediaJobs } from './modules/whatsapp/inbound-media';
import { createContactPictures, registerContactPictureJobs } from './modules/whatsapp/contact-pictures';
import { createMediaStore, type MediaStore } from './infra/media-store';
import { SessionManager } from './modules/whatsapp/session-manager';
import type { SandboxTiming } from './modules/whatsapp/sandbox/sandbox.channel';
import { makeRealSocket, type BaileysSocketFactory } from './modules/whatsapp/baileys/socket';
import { WaVersionCache } from './modules/whatsapp/baileys/wa-version';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createTicketsService } from './modules/tickets/tickets.service';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { registerTicketListeners } from './modules/tickets/tickets.listeners';
import { createMessagesService } from './modules/messages/messages.service';
import { messagesRoutes } from './modules/messages/messages.routes';
import { mediaRoutes } from './modules/messages/media.routes';
import { registerMessageJobs } from './modules/messages/messages.jobs';
import { registerReadReceiptJobs } from './modules/messages/read-receipts';
import { createJobRouting } from './modules/whatsapp/job-routing';
import { createContactsService } from './modules/contacts/contacts.service';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { createQueuesService } from './modules/queues/queues.service';
import { queuesRoutes } from './modules/queues/queues.routes';
import { createUsersService } from './modules/users/users.service';
import { usersRoutes } from './modules/users/users.routes';
import { createWhatsappService } from './modules/whatsapp/whatsapp.service';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes';
import { registerWhatsappListeners } from './modules/whatsapp/whatsapp.listeners';
import { sandboxRoutes } from './modules/whatsapp/sandbox/sandbox.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { registerCompanyListeners } from './modules/companies/companies.listeners';

export interface AppOptions {
  config: Config;
  /** Owner connection: pg-boss and the socket.io adapter. */
  ownerUrl: string;
  /** Application connection: the non-owner role that RLS applies to. */
  appUrl: string;
  clock?: Clock;
  sandboxTiming?: SandboxTiming;
  /** Builds Baileys sockets (tests: a FakeSocket); default: the real makeWASocket. */
  baileysSocketFactory?: BaileysSocketFactory;
  logger?: boolean;
  dbPoolSize?: number;
  /** How often the session manager claims sessions nobody owns (tests: short); default 5 s. */
  leaseScanMs?: number;
}

export interface BuiltApp {
  app: FastifyInstance;
  data: DataAccess;
  bus: EventBus;
  sessions: SessionManager;
  /** This process's WhatsApp session leases (one dedicated PostgreSQL connection). */
  leases: LeaseHolder;
  realtime: Realtime;
  /** Media files (DATA_DIR/media/<companyId>/). */
  media: MediaStore;
  /** Every route the API serves (the cross-tenant and bad-input suites check each one). */
  routes: { method: string; url: string }[];
  close(): Promise<void>;
}

/** Infra first, then modules (routes, listeners, jobs), then error handlers and the web UI. */
export const buildApp = async (opts: AppOptions): Promise<BuiltApp> => {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const client = createDbClient(opts.appUrl, { max: opts.dbPoolSize ?? 10 });
  const bus = new EventBus();
  const data = createDataAccess(client.db, bus, client.sql);
  const jobs = await Jobs.start(opts.ownerUrl);
  const media = createMediaStore(config.dataDir);
  // Avatars: looked up after a customer's message, at most once a day per contact.
  const pictures = createContactPictures({ data, jobs });
  const inbound = createInbound(data, jobs, media, pictures);
  // Without an encryption key (hand-built test configs) Baileys connections stay DISCONNECTED.
  const wa = config.wa ?? DEFAULT_WA;
  const baileys = config.waEncryptionKey
    ? {
        encryptionKey: config.waEncryptionKey,
        socketFactory: opts.baileysSocketFactory ?? makeRealSocket,
        qrLimit: wa.qrLimit,
        watchdog: wa.watchdogSilentMs > 0 ? { silentMs: wa.watchdogSilentMs, probeTimeoutMs: wa.watchdogProbeTimeoutMs } : (false as const),
        // One per process: a version found after a 405 serves every later socket.
        version: new WaVersionCache(wa.versionUrl),
      }
    : undefined;
  // Each WhatsApp session runs in exactly one process: the one holding its advisory-lock lease.
  const leases: LeaseHolder = new LeaseHolder({ url: opts.appUrl, onLost: (ids) => void sessions.leasesLost(ids).catch((err) => console.error(err)) });
  // Where send jobs run: the process holding a connection's lease works its queue (decision 0011).
  const routing = createJobRouting({ data, jobs });
  const sessions: SessionManager = new SessionManager({
    data,
    inbound,
    sandboxEnabled: config.sandboxEnabled,
    sandboxTiming: opts.sandboxTiming,
    baileys,
    leases,
    leaseScanMs: opts.leaseScanMs,
    onLive: (id, live) => routing.onLive(id, live),
  });

  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Router-level mistakes (bad percent-encoding, over-long parameters) get the usual error shape.
    frameworkErrors: (error, req, reply) => {
      void (reply as unknown as { code(n: number): { send(b: unknown): unknown } }).code(Number(error.statusCode ?? 400)).send({ error: 'ERR_VALIDATION', requestId: req.id } as never);
    },
  });
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  registerErrorHandlers(app);
  await registerAuth(app, config.jwtSecret, sessionVersionFrom(data));

  const auth = createAuthService({ data, clock, sign: (claims) => signAccessToken(app, claims) });
  const tickets = createTicketsService({ data, jobs, clock });
  const messages = createMessagesService({ data, jobs });
  const contacts = createContactsService(data);
  const queues = createQueuesService(data);
  const users = createUsersService(data);
  const whatsapp = createWhatsappService({ data, sessions, sandboxEnabled: config.sandboxEnabled, routing });
  const companies = createCompaniesService(data);

  await app.register(authRoutes(auth, config.version));
  await app.register(async (priv) => {
    priv.addHook('preHandler', requireAuth(app));
    await priv.register(ticketsRoutes(tickets));
    await priv.register(messagesRoutes(messages));
    await priv.register(mediaRoutes({ data, media }));
    await priv.register(contactsRoutes(contacts));
    await priv.register(queuesRoutes(queues));
    await priv.register(usersRoutes(users));
    await priv.register(whatsappRoutes(whatsapp));
    await priv.register(companiesRoutes(companies));
    if (config.sandboxEnabled) await priv.register(sandboxRoutes({ sessions, data }));
  });
  registerWebUi(app, config.webDir);

  const realtime = await attachRealtime(app, app.server, { data, tickets, ownerUrl: opts.ownerUrl, adapter: config.realtimeAdapter });
  registerTicketListeners(bus, realtime);
  registerWhatsappListeners(bus, realtime, jobs);
  registerCompanyListeners(bus, realtime);
  await registerMessageJobs({ data, jobs, sessions, media, routing });
  await registerMediaJobs({ data, jobs, media, channelOf: (id) => sessions.sender(id), routing });
  await registerReadReceiptJobs({ data, jobs, sessions, routing });
  await registerContactPictureJobs({ jobs, routing, pictures, channelOf: (id) => sessions.sender(id) });

  let closed = false;
  return {
    app,
    data,
    bus,
    sessions,
    leases,
    realtime,
    media,
    routes,
    async close() {
      if (closed) return;
      closed = true;
      jobs.beginStop();
      await sessions.stopAll();
      await routing.settled();
      await realtime.close();
      await app.close();
      await jobs.stop();
      await client.close();
    },
  };
};

/** The browser build, with SPA fallback: a page load of /tickets gets index.html, not the API. */
const registerWebUi = (app: FastifyInstance, webDir: string) => {
  if (!existsSync(join(webDir, 'index.html'))) return;
  void app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: true, index: false });
  app.addHook('onRequest', async (req, reply) => {
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && accept.includes('text/html') && !req.url.startsWith('/socket.io')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
  });
};
