import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { DEFAULT_UPLOAD_MAX_BYTES, DEFAULT_WA, DEFAULT_WHATSAPP_CLOUD, type Config } from './infra/config';
import { createDbClient } from './db/client';
import { createDataAccess, type DataAccess } from './db/tenant';
import { LeaseHolder } from './db/leases';
import { EventBus } from './infra/event-bus';
import { Jobs } from './infra/jobs';
import { systemClock, type Clock } from './infra/clock';
import { registerErrorHandlers } from './infra/error-handler';
import { loggerOptions, type LogOptions } from './infra/plugins/logging';
import { helmetPlugin } from './infra/plugins/helmet';
import { corsPlugin } from './infra/plugins/cors';
import { rateLimitPlugin } from './infra/plugins/rate-limit';
import { multipartPlugin } from './infra/plugins/multipart';
import { zodPlugin } from './infra/plugins/zod';
import { swaggerPlugin } from './infra/plugins/swagger';
import { createRateLimitCounter } from './db/rate-limits';
import { registerAuth, requireAuth, sessionVersionFrom } from './infra/auth';
import { sql } from 'drizzle-orm';
import { attachRealtime } from './infra/realtime';
import { registerOperations } from './infra/operations';
import type { Realtime } from './infra/rooms';
import type { MediaStore } from './infra/media-store';
import { createMediaStore } from './infra/media-stores';
import { createMailer } from './infra/mailer';
import { assertModuleOrder, type AppModule, type ModuleParts } from './infra/module';
import { announcementsModule } from './modules/announcements';
import { assignmentModule } from './modules/assignment';
import { slaModule } from './modules/sla';
import { csatModule } from './modules/csat';
import { auditModule } from './modules/audit';
import { authModule } from './modules/auth';
import { billingModule, type PaymentProvider } from './modules/billing';
import { botModule, type Responders } from './modules/bot';
import { campaignsModule, type RunnerOptions } from './modules/campaigns';
import { companiesModule, planGates } from './modules/companies';
import { contactListsModule } from './modules/contact-lists';
import { createIdentityLearner } from './modules/contact-merge';
import { contactsModule } from './modules/contacts';
import { copilotModule } from './modules/copilot';
import { dashboardModule } from './modules/dashboard';
import { externalApiModule } from './modules/external-api';
import { filesModule } from './modules/files';
import { helpsModule } from './modules/helps';
import { knowledgeModule } from './modules/knowledge';
import { channelSink, createInbound, messagesModule, ticketMessaging } from './modules/messages';
import { createIntegrationResponder, integrationDeps, queueIntegrationsModule } from './modules/queue-integrations';
import { createPromptResponder, promptSecrets, promptsModule } from './modules/prompts';
import { numberHealthModule } from './modules/number-health';
import { queuesModule } from './modules/queues';
import { quickMessagesModule } from './modules/quick-messages';
import { chatsModule } from './modules/chats';
import { schedulesModule } from './modules/schedules';
import { tagsModule } from './modules/tags';
import { timersModule } from './modules/timers';
import { ticketNotesModule } from './modules/ticket-notes';
import { ticketsModule } from './modules/tickets';
import { onboardingModule } from './modules/onboarding';
import { usersModule } from './modules/users';
import { webhooksModule, type DeliveryLimits } from './modules/webhooks';
import { JOB_QUEUES } from './job-queues';
import {
  cloudSecrets,
  createCloudAccount,
  createContactPictures,
  createJobRouting,
  SessionManager,
  WaVersionCache,
  whatsappModule,
  type BaileysSocketFactory,
  type SandboxTiming,
} from './modules/whatsapp';

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
  /** pino logging, on by default at config.logLevel; tests pass false (or a stream to read it). */
  logger?: boolean | LogOptions;
  dbPoolSize?: number;
  /** Told every statement the application's connections run (the cost-of-a-message test counts them). */
  onStatement?: (query: string) => void;
  /** How often the session manager claims sessions nobody owns (tests: short); default 5 s. */
  leaseScanMs?: number;
  /** The bot's external responders (queue integrations, AI prompts); tests pass fakes. */
  responders?: Responders;
  /** Dialogflow's REST base URL (tests: a local fake); default DIALOGFLOW_BASE_URL or Google's. */
  dialogflowBaseUrl?: string;
  /** The campaign runner's timings (tests: a short stale window after a kill -9). */
  campaignRunner?: RunnerOptions;
  /** The payment provider (tests: one against a local fake); default from config.payments. */
  paymentProvider?: PaymentProvider;
  /** Webhook deliveries' retry pauses and timeout (tests: no pauses). */
  webhookLimits?: DeliveryLimits;
}

export interface BuiltApp {
  app: FastifyInstance;
  data: DataAccess;
  bus: EventBus;
  /** pg-boss, as the modules use it. */
  jobs: Jobs;
  sessions: SessionManager;
  /** This process's WhatsApp session leases (one dedicated PostgreSQL connection). */
  leases: LeaseHolder;
  realtime: Realtime;
  /** Media files (DATA_DIR/media/<companyId>/, or a bucket: MEDIA_STORE). */
  media: MediaStore;
  /** Every route the API serves (the cross-tenant and bad-input suites check each one). */
  routes: { method: string; url: string }[];
  /** Resumes every WhatsApp session this process may run (boot); /ready answers ok only after it. */
  resumeSessions(): Promise<number>;
  /** Graceful stop: /ready 503 at once, then sessions handed over, HTTP drained, workers stopped. */
  close(): Promise<void>;
}

/** Infra first, then modules (routes, listeners, jobs), then error handlers and the web UI. */
export const buildApp = async (opts: AppOptions): Promise<BuiltApp> => {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const client = createDbClient(opts.appUrl, { max: opts.dbPoolSize ?? 10, onStatement: opts.onStatement });
  const bus = new EventBus();
  const data = createDataAccess(client.db, bus, client.sql);
  const jobs = await Jobs.start(opts.ownerUrl, JOB_QUEUES);
  const media = await createMediaStore(config);
  // Avatars: looked up after a customer's message, at most once a day per contact.
  const pictures = createContactPictures({ data, jobs });
  // One contact per customer whatever identifier a message names them by (decision 0422).
  const inbound = channelSink(data, createInbound(data, jobs, media, pictures, createIdentityLearner(data)));
  // Without an encryption key (hand-built test configs) Baileys connections stay DISCONNECTED.
  const wa = config.wa ?? DEFAULT_WA;
  const baileys = config.waEncryptionKey
    ? {
        encryptionKey: config.waEncryptionKey,
        // Undefined: the real one, loaded with the first Baileys connection (session-manager.ts).
        socketFactory: opts.baileysSocketFactory,
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
    cloud: { ...(config.whatsappCloud ?? DEFAULT_WHATSAPP_CLOUD), allowPrivateHosts: config.allowPrivateHosts, secrets: cloudSecrets(config) },
    leases,
    leaseScanMs: opts.leaseScanMs,
    onLive: (id, live) => routing.onLive(id, live),
  });

  const app = Fastify({
    ...loggerOptions(opts.logger === false ? false : { level: config.logLevel, ...(typeof opts.logger === 'object' ? opts.logger : {}) }),
    // X-Forwarded-For only from the proxies TRUST_PROXY names: otherwise any client picks its IP.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The spec writes many paths with a trailing slash (`/whatsapp/?session=0`, `/settings/`):
    // both forms are the same route, never `/whatsapp/:id` with an empty id (decision 0038).
    routerOptions: { ignoreTrailingSlash: true },
    // Router-level mistakes (bad percent-encoding, over-long parameters) get the usual error shape.
    frameworkErrors: (error, req, reply) => {
      void (reply as unknown as { code(n: number): { send(b: unknown): unknown } }).code(Number(error.statusCode ?? 400)).send({ error: 'ERR_VALIDATION', requestId: req.id } as never);
    },
  });
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    // Hidden routes (the /docs pages, the web UI's files) are not part of the API.
    if ((r.schema as { hide?: boolean } | undefined)?.hide) return;
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  registerErrorHandlers(app);
  // /health, /ready and /metrics (issue 31 §5): first, so the latency hook sees every route.
  // socket.io comes up after the routes: the gauge reads it when scraped.
  const later: { realtime?: Awaited<ReturnType<typeof attachRealtime>> } = {};
  let sessionsResumed = false;
  const operations = registerOperations(app, {
    metricsToken: config.metricsToken,
    checks: {
      database: async () => {
        await client.sql`select 1`;
      },
      jobs: async () => {
        if (!jobs.running) throw new Error('stopping');
      },
      sessions: async () => {
        if (!sessionsResumed) throw new Error('not resumed yet');
      },
    },
    gauges: {
      jobBacklog: () => jobs.waitingByQueue(),
      sessionsLive: () => sessions.owned().length,
      // Every company's connections by status, read (never written) here: a count for operators.
      connections: async () => {
        const rows = await data.withSystem('ops:metrics', ({ tx }) => tx.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from whatsapps group by status`));
        return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      },
      sockets: () => later.realtime?.localSocketCount() ?? 0,
    },
  });
  bus.on('message.created', (e) => operations.messageStored(e.message.fromMe ? 'out' : 'in'));
  await app.register(zodPlugin);
  await app.register(helmetPlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins ?? [] });
  // One counter for the routes' per-IP limits and the services' own (per e-mail: password reset).
  const rateCount = createRateLimitCounter(client.sql);
  await app.register(rateLimitPlugin, { count: rateCount });
  await app.register(multipartPlugin, { fileSize: config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES });
  await app.register(swaggerPlugin, { version: config.version });
  await registerAuth(app, config.jwtSecret, sessionVersionFrom(data));

  // Modules (decision 0017): each one's routes, then, once socket.io is up, its listeners and jobs.
  // External responders the bot engine calls (bot.port.ts): queue integrations (typebot, n8n,
  // webhook, Dialogflow) and AI prompts (issue 12 item 5); tests may replace any of them with fakes.
  const integrations = integrationDeps({ data, config }, { dialogflowBaseUrl: opts.dialogflowBaseUrl });
  const responders: Responders = {
    integration: createIntegrationResponder(integrations),
    prompt: createPromptResponder({ data, media, secrets: promptSecrets(config), allowPrivateHosts: config.allowPrivateHosts }),
    ...opts.responders,
  };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  // Meta's templates of Cloud connections, read once for the routes and the sends (decision 0390).
  const cloudAccount = createCloudAccount({ data, api: (w) => sessions.cloudApi(w), clock });
  const kernel = { app, config, data, bus, jobs, clock, media, sessions, routing, pictures, cloudAccount, integrationDeps: integrations, responders, ticketMessaging: ticketMessaging(jobs), rateCount, mailer, campaignRunner: opts.campaignRunner, paymentProvider: opts.paymentProvider, webhookLimits: opts.webhookLimits };
  const modules: AppModule<typeof kernel>[] = [auditModule, companiesModule, queuesModule, usersModule, authModule, contactsModule, ticketsModule, whatsappModule, billingModule, onboardingModule, queueIntegrationsModule, messagesModule, promptsModule, botModule, quickMessagesModule, tagsModule, ticketNotesModule, timersModule, assignmentModule, slaModule, dashboardModule, csatModule, numberHealthModule, contactListsModule, filesModule, schedulesModule, campaignsModule, chatsModule, helpsModule, webhooksModule, announcementsModule, externalApiModule, knowledgeModule, copilotModule];
  assertModuleOrder(modules);
  const parts: ModuleParts[] = modules.map((m) => m.setup(kernel));
  for (const p of parts) if (p.publicRoutes) await app.register(p.publicRoutes);
  await app.register(async (priv) => {
    priv.addHook('preHandler', requireAuth(app));
    // Plan feature flags on every route of a gated feature (server-behaviour §1; decision 0131).
    priv.addHook('preValidation', planGates(app, data));
    for (const p of parts) if (p.routes) await priv.register(p.routes);
  });
  registerWebUi(app, config.webDir);

  const realtime = await attachRealtime(app, app.server, { ownerUrl: opts.ownerUrl, adapter: config.realtimeAdapter, corsOrigins: config.corsOrigins });
  later.realtime = realtime;
  for (const p of parts) await p.start?.(realtime);

  let closed = false;
  return {
    app,
    data,
    bus,
    jobs,
    sessions,
    leases,
    realtime,
    media,
    routes,
    async resumeSessions() {
      const n = await sessions.resumeAll();
      sessionsResumed = true;
      return n;
    },
    async close() {
      if (closed) return;
      closed = true;
      // /ready says so first: a balancer stops sending while what is in flight finishes.
      operations.drain();
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

/** A hop count as the function Fastify would build from it (its types take no number). */
const trustProxyOption = (t: Config['trustProxy']) => (typeof t === 'number' ? (_addr: string, hop: number) => hop < t : (t ?? false));

/**
 * The browser build, with SPA fallback: a page load of /tickets gets index.html, not the API.
 * The one renderer build has relative asset paths (the desktop app opens the same files from
 * disk, decision 0324), so the page gets `<base href="/">`: on /tickets/<uuid> its ./assets/…
 * still load from /assets/…. Read per page load, so a rebuild is served without a restart.
 */
const registerWebUi = (app: FastifyInstance, webDir: string) => {
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) return;
  // Vite names every file under assets/ by its content's hash: a browser keeps it for good and
  // never asks again (a page load revalidated ~100 of them, one round trip each). index.html,
  // which names them, is always asked again (no-cache, below).
  const hashed = `${sep}assets${sep}`;
  void app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: true,
    index: false,
    setHeaders: (reply, path) => {
      if (path.includes(hashed)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.addHook('onRequest', async (req, reply) => {
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && accept.includes('text/html') && !/^\/(socket\.io|docs)(\/|\?|$)/.test(req.url)) {
      const html = withRootBase(await readFile(index, 'utf8'));
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
  });
};

/** `<base href="/">` first in <head> (before any relative URL), unless the page sets its own. */
export const withRootBase = (html: string): string =>
  /<base\s/i.test(html) ? html : html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<base href="/" />`);
