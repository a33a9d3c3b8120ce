import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { RATE_LIMITS } from './plugins/rate-limit';

export interface Config {
  port: number;
  /** Where to listen (HOST): 127.0.0.1 unless set; the container image sets 0.0.0.0. */
  host: string;
  /** Which proxies may set X-Forwarded-For (TRUST_PROXY); false/absent: none. */
  trustProxy?: TrustProxy;
  /** pino level (LOG_LEVEL, default info). */
  logLevel?: string;
  /** Largest multipart file part (UPLOAD_MAX_BYTES): the cap of every per-kind limit. */
  uploadMaxBytes?: number;
  /** Per-kind upload limits (UPLOAD_IMAGE_MAX_BYTES…); DEFAULT_UPLOAD_LIMITS when absent (decision 0056). */
  uploadLimits?: UploadLimits;
  /**
   * Logins a minute per client IP (LOGIN_RATE_LIMIT, default RATE_LIMITS.login.max = 30). Only a
   * test server raises it (the e2e suite logs in from one address on two workers); absent in a
   * hand-built Config: the default.
   */
  loginRateLimit?: number;
  /** Origins other than our own that may call the API and socket.io (CORS_ORIGINS); none by default. */
  corsOrigins?: string[];
  production: boolean;
  /**
   * Whether admins may point outside calls (AI prompt base URLs, webhook / n8n / Typebot URLs) at
   * this machine or a private network (ALLOW_PRIVATE_HOSTS=1). Off unless set, in development too:
   * `npm start` is how most installations begin (issue 28 §6, decision 0343).
   */
  allowPrivateHosts: boolean;
  /**
   * `GET /metrics` answers a request with `Authorization: Bearer <this>`; unset, only a request
   * from this machine or a private network that came through no proxy (issue 31 §5).
   */
  metricsToken?: string;
  dataDir: string;
  /** Owner connection (migrations). Unset → embedded PostgreSQL in dataDir. */
  databaseUrl?: string;
  /** Application connection (non-owner role, RLS applies). Derived when unset. */
  appDatabaseUrl?: string;
  appDbPassword: string;
  jwtSecret: string;
  sandboxEnabled: boolean;
  adminEmail?: string;
  adminPassword?: string;
  /** Share socket.io events between server processes through PostgreSQL NOTIFY. */
  realtimeAdapter: 'postgres' | 'none';
  webDir: string;
  version: string;
  /**
   * AES-256 key (32 bytes) that encrypts WhatsApp auth state at rest. Optional in the type only
   * because test and bench assemblies build a Config by hand; loadConfig always sets it.
   */
  waEncryptionKey?: Buffer;
  /** The embedded PostgreSQL superuser's password, generated per data directory (secrets.json). */
  pgOwnerPassword?: string;
  /** Baileys sessions; defaults (DEFAULT_WA) when a hand-built Config leaves it out. */
  wa?: WaSessionConfig;
  /** Outgoing mail (SMTP_URL, smtp:// or smtps://): unset → mails are written to the log (infra/mailer). */
  smtpUrl?: string;
  /** The From of outgoing mail (MAIL_FROM); default "Balcão <no-reply@balcao.local>". */
  mailFrom?: string;
  /** The payment provider (decision 0281); unset in a hand-built Config → the sandbox. */
  payments?: PaymentsConfig;
  /** Meta's Cloud API connections; DEFAULT_WHATSAPP_CLOUD when a hand-built Config leaves it out. */
  whatsappCloud?: WhatsappCloudConfig;
  /** Where media files live (MEDIA_STORE, decision 0385); a hand-built Config without it: the filesystem. */
  media?: MediaConfig;
  /**
   * How long an agent whose last socket closed stays online (PRESENCE_OFFLINE_GRACE_MS, default
   * DEFAULT_PRESENCE_OFFLINE_GRACE_MS; decision 0431): a reload or a network blip is not offline.
   */
  presenceOfflineGraceMs?: number;
}

/** An agent is offline a minute after their last socket closed, unless one connects again (decision 0431). */
export const DEFAULT_PRESENCE_OFFLINE_GRACE_MS = 60_000;

/** MEDIA_STORE=fs (default: DATA_DIR/media) or s3 (an S3-compatible bucket, decision 0385). */
export type MediaConfig = { store: 'fs' } | { store: 's3'; s3: S3MediaConfig };

/**
 * S3_BUCKET; S3_ENDPOINT (MinIO, R2…; unset: AWS); S3_REGION (default us-east-1);
 * S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (unset: the SDK's chain, AWS_* or a role);
 * S3_FORCE_PATH_STYLE (1 by default with an endpoint: MinIO's way); S3_PREFIX (keys under it).
 */
export interface S3MediaConfig {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  prefix?: string;
}

/**
 * Where the Cloud API connections call (issue 29): WHATSAPP_CLOUD_BASE_URL (Meta's Graph API host;
 * tests and the sandbox point it at a local fake) and WHATSAPP_CLOUD_API_VERSION (`v25.0`).
 */
export interface WhatsappCloudConfig {
  baseUrl: string;
  apiVersion: string;
  /**
   * The estimate's price of one priced message per Meta pricing category (decision 0410):
   * WHATSAPP_CLOUD_PRICES `marketing=0.0625,utility=0.0068,…` in WHATSAPP_CLOUD_CURRENCY.
   */
  prices?: Record<string, number>;
  currency?: string;
}

/** v25.0 is the version Meta's own Cloud API examples name as of 2026 (decision 0371). */
export const DEFAULT_WHATSAPP_CLOUD: WhatsappCloudConfig = { baseUrl: 'https://graph.facebook.com', apiVersion: 'v25.0' };

/** Meta's Brazil rates in USD as of 2026 (decision 0410); service messages are free. */
export const DEFAULT_WHATSAPP_CLOUD_PRICES: Record<string, number> = { marketing: 0.0625, utility: 0.0068, authentication: 0.0068, authentication_international: 0.0068, service: 0 };

/** `category=price,…` → the table; undefined for an empty value. */
const cloudPrices = (v: string | undefined): Record<string, number> | undefined =>
  v ? Object.fromEntries(v.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), Number(pair.slice(pair.indexOf('=') + 1))])) : undefined;

/** PAYMENT_PROVIDER=asaas|sandbox (default sandbox); Asaas: ASAAS_URL, ASAAS_API_KEY, ASAAS_WEBHOOK_TOKEN. */
export interface PaymentsConfig {
  provider: 'asaas' | 'sandbox';
  asaasUrl: string;
  asaasApiKey?: string;
  asaasWebhookToken?: string;
}

export const DEFAULT_ASAAS_URL = 'https://api-sandbox.asaas.com/v3';

/** Fastify's `trustProxy` without `true`: a hop count or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** 100 MiB: WhatsApp's document limit, the largest of its per-kind limits (decision 0056). */
export const DEFAULT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** Largest file an agent may send, by the kind it is sent as (each capped by UPLOAD_MAX_BYTES). */
export interface UploadLimits {
  image: number;
  video: number;
  audio: number;
  document: number;
}

/** WhatsApp's own limits: 16 MB for pictures, video and audio, 100 MB for documents (decision 0056). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { image: 16 * 1024 * 1024, video: 16 * 1024 * 1024, audio: 16 * 1024 * 1024, document: 100 * 1024 * 1024 };

export interface WaSessionConfig {
  /** QR codes shown per pairing attempt before DISCONNECTED (WA_QR_LIMIT). */
  qrLimit: number;
  /** Probe a CONNECTED socket silent this long; 0 turns the watchdog off (WA_WATCHDOG_SILENT_MS). */
  watchdogSilentMs: number;
  /** How long the probe may take before the socket is recycled (WA_WATCHDOG_PROBE_MS). */
  watchdogProbeTimeoutMs: number;
  /** Where the current WhatsApp Web version is read after a 405 (WA_VERSION_URL). */
  versionUrl: string;
}

/** The products we replace stop after 5 QR codes; 3 min of silence is well past Baileys' 30 s keep-alive. */
export const DEFAULT_WA: WaSessionConfig = {
  qrLimit: 5,
  watchdogSilentMs: 3 * 60_000,
  watchdogProbeTimeoutMs: 20_000,
  versionUrl: 'https://web.whatsapp.com/sw.js',
};

interface Secrets {
  jwtSecret: string;
  appDbPassword: string;
  /** base64; absent from secrets.json files written before WhatsApp auth state existed. */
  waEncryptionKey?: string;
  /** Absent from secrets.json files written before it was generated (the cluster had a fixed one). */
  pgOwnerPassword?: string;
}

const newWaKey = () => randomBytes(32).toString('base64');
const newPgPassword = () => randomBytes(24).toString('hex');

/** Generated once per data directory so the embedded default needs no configuration. */
const loadSecrets = (dataDir: string): Required<Secrets> => {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Secrets;
    if (stored.waEncryptionKey && stored.pgOwnerPassword) return stored as Required<Secrets>;
    // Older file: add the new secrets, keep the others (changing them would lock users out).
    const upgraded = { ...stored, waEncryptionKey: stored.waEncryptionKey ?? newWaKey(), pgOwnerPassword: stored.pgOwnerPassword ?? newPgPassword() };
    writeFileSync(file, JSON.stringify(upgraded), { mode: 0o600 });
    return upgraded;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), appDbPassword: randomBytes(24).toString('hex'), waEncryptionKey: newWaKey(), pgOwnerPassword: newPgPassword() };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
};

/** WA_ENCRYPTION_KEY: 64 hex characters or base64 of 32 bytes. A wrong key must stop the boot. */
const parseWaKey = (raw: string): Buffer => {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError('WA_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
};

/** A refused value: one line naming the variable, so `npm start` says what to fix. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const int = (min: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, c) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (Number.isInteger(n) && n >= min) return n;
      c.addIssue({ code: 'custom', message: `must be an integer ≥ ${min}` });
      return z.NEVER;
    });
const flag = z.enum(['0', '1', '']).optional();
const text = z.string().optional().transform((v) => v || undefined);

/** Every variable the server reads; a wrong value refuses to boot (loadConfig). */
const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: int(0, 8080).refine((n) => n <= 65_535, 'must be a port (0–65535)'),
  // Loopback for `npm start`: a laptop's server is not on the LAN unless asked (the image sets 0.0.0.0).
  HOST: z.string().optional().transform((v) => v || '127.0.0.1'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, c) => {
      const parsed = parseTrustProxy(v);
      if (parsed !== null) return parsed;
      c.addIssue({ code: 'custom', message: 'must be a hop count (1, 2…) or a comma-separated list of proxy IPs/CIDRs' });
      return z.NEVER;
    }),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: text.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  APP_DATABASE_URL: text.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  APP_DB_PASSWORD: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  SANDBOX_ENABLED: flag,
  ALLOW_PRIVATE_HOSTS: flag,
  METRICS_TOKEN: z.string().refine((v) => v === '' || v.length >= 16, 'at least 16 characters').optional(),
  ADMIN_EMAIL: text,
  ADMIN_PASSWORD: text,
  REALTIME_ADAPTER: z.enum(['postgres', 'none', '']).optional(),
  WEB_DIR: z.string().optional(),
  npm_package_version: z.string().optional(),
  WA_ENCRYPTION_KEY: text,
  WA_QR_LIMIT: int(1, DEFAULT_WA.qrLimit),
  WA_WATCHDOG_SILENT_MS: int(0, DEFAULT_WA.watchdogSilentMs),
  WA_WATCHDOG_PROBE_MS: int(1, DEFAULT_WA.watchdogProbeTimeoutMs),
  WA_VERSION_URL: text,
  LOG_LEVEL: z.enum(LOG_LEVELS).optional().default('info'),
  LOGIN_RATE_LIMIT: int(1, RATE_LIMITS.login.max),
  UPLOAD_MAX_BYTES: int(1, DEFAULT_UPLOAD_MAX_BYTES),
  UPLOAD_IMAGE_MAX_BYTES: int(1, DEFAULT_UPLOAD_LIMITS.image),
  UPLOAD_VIDEO_MAX_BYTES: int(1, DEFAULT_UPLOAD_LIMITS.video),
  UPLOAD_AUDIO_MAX_BYTES: int(1, DEFAULT_UPLOAD_LIMITS.audio),
  UPLOAD_DOCUMENT_MAX_BYTES: int(1, DEFAULT_UPLOAD_LIMITS.document),
  SMTP_URL: text.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: text,
  PAYMENT_PROVIDER: z.enum(['asaas', 'sandbox', '']).optional(),
  ASAAS_URL: text.refine((v) => v === undefined || /^https?:\/\/[^/]/.test(v), 'must be an http(s):// URL'),
  ASAAS_API_KEY: text,
  ASAAS_WEBHOOK_TOKEN: text,
  WHATSAPP_CLOUD_BASE_URL: text.refine((v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v), 'must be an http(s):// origin, without a path'),
  WHATSAPP_CLOUD_API_VERSION: text.refine((v) => v === undefined || /^v\d{1,3}\.\d{1,2}$/.test(v), 'must look like v25.0'),
  WHATSAPP_CLOUD_PRICES: text.refine((v) => v === undefined || /^[a-z_]{1,40}=\d+(\.\d+)?(,[a-z_]{1,40}=\d+(\.\d+)?)*$/.test(v), 'must look like marketing=0.0625,utility=0.0068'),
  WHATSAPP_CLOUD_CURRENCY: text.refine((v) => v === undefined || /^[A-Z]{3}$/.test(v), 'must be a currency code like USD'),
  MEDIA_STORE: z.enum(['fs', 's3', '']).optional(),
  PRESENCE_OFFLINE_GRACE_MS: int(0, DEFAULT_PRESENCE_OFFLINE_GRACE_MS),
  S3_BUCKET: text.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), 'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)'),
  S3_ENDPOINT: text.refine((v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v), 'must be an http(s):// origin, without a path'),
  S3_REGION: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: text.refine((v) => v === undefined || /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(v), 'must be a key prefix ending in / (media/)'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, c) => {
      const parsed = parseCorsOrigins(v);
      if (parsed !== null) return parsed;
      c.addIssue({ code: 'custom', message: 'must be a comma-separated list of origins (https://app.example.com, http://10.0.0.5:3000)' });
      return z.NEVER;
    }),
});

/**
 * CORS_ORIGINS: unset/empty → [] (same origin only). Otherwise exact origins, scheme://host[:port]
 * with no path: a browser's Origin header is compared as a string. `*` and `null` are refused:
 * `null` is what every file:// page and sandboxed iframe sends, so allowing it allows anyone
 * (the desktop app loads the UI from the server itself and needs no entry; decision 0035).
 */
export const parseCorsOrigins = (raw: string | undefined): string[] | null => {
  const list = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const origins: string[] = [];
  for (const entry of list) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) return null;
    origins.push(url.origin);
  }
  return origins;
};

/**
 * TRUST_PROXY: unset/empty → false (the socket's address is the client); a number → that many
 * hops; otherwise IPs/CIDRs, exactly what Fastify's `trustProxy` takes. `true` is never produced:
 * trusting every hop lets any client choose its own IP (and its own rate-limit key).
 */
export const parseTrustProxy = (raw: string | undefined): TrustProxy | null => {
  const v = raw?.trim();
  if (!v) return false;
  if (/^\d+$/.test(v)) return Number(v) > 0 ? Number(v) : null;
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const ipOrCidr = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;
  return list.length > 0 && list.every((s) => ipOrCidr.test(s)) ? list : null;
};

export const loadConfig = (raw: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Never echo a value that may hold a secret (a URL's password, a key).
    const value = /URL|PASSWORD|SECRET|KEY|ENDPOINT/.test(name) ? undefined : raw[name];
    throw new ConfigError(`${name}${value !== undefined ? `=${JSON.stringify(value)}` : ''}: ${issue.message}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  // A weak secret lets anyone mint tokens for any company (checked before touching the data dir).
  if (production && (!env.JWT_SECRET || env.JWT_SECRET.length < 32)) {
    throw new ConfigError('JWT_SECRET must be set to at least 32 characters in production');
  }
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const secrets = loadSecrets(dataDir);
  const databaseUrl = env.DATABASE_URL;
  return {
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadLimits: { image: env.UPLOAD_IMAGE_MAX_BYTES, video: env.UPLOAD_VIDEO_MAX_BYTES, audio: env.UPLOAD_AUDIO_MAX_BYTES, document: env.UPLOAD_DOCUMENT_MAX_BYTES },
    corsOrigins: env.CORS_ORIGINS,
    production,
    allowPrivateHosts: env.ALLOW_PRIVATE_HOSTS === '1',
    metricsToken: env.METRICS_TOKEN || undefined,
    dataDir,
    databaseUrl,
    appDatabaseUrl: env.APP_DATABASE_URL,
    appDbPassword: env.APP_DB_PASSWORD ?? secrets.appDbPassword,
    jwtSecret: env.JWT_SECRET ?? secrets.jwtSecret,
    // The simulated phone is on with the embedded default, off against a real database unless asked.
    sandboxEnabled: env.SANDBOX_ENABLED ? env.SANDBOX_ENABLED === '1' : !databaseUrl,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    realtimeAdapter: env.REALTIME_ADAPTER === 'none' ? 'none' : env.REALTIME_ADAPTER === 'postgres' || !!databaseUrl ? 'postgres' : 'none',
    webDir: resolve(env.WEB_DIR ?? 'desktop/dist'),
    version: env.npm_package_version ?? '0.1.0',
    waEncryptionKey: parseWaKey(env.WA_ENCRYPTION_KEY || secrets.waEncryptionKey),
    pgOwnerPassword: secrets.pgOwnerPassword,
    wa: {
      qrLimit: env.WA_QR_LIMIT,
      watchdogSilentMs: env.WA_WATCHDOG_SILENT_MS,
      watchdogProbeTimeoutMs: env.WA_WATCHDOG_PROBE_MS,
      versionUrl: env.WA_VERSION_URL ?? DEFAULT_WA.versionUrl,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    payments: paymentsConfig(production, env.PAYMENT_PROVIDER, env.ASAAS_URL, env.ASAAS_API_KEY, env.ASAAS_WEBHOOK_TOKEN),
    whatsappCloud: {
      baseUrl: (env.WHATSAPP_CLOUD_BASE_URL ?? DEFAULT_WHATSAPP_CLOUD.baseUrl).replace(/\/$/, ''),
      apiVersion: env.WHATSAPP_CLOUD_API_VERSION ?? DEFAULT_WHATSAPP_CLOUD.apiVersion,
      prices: cloudPrices(env.WHATSAPP_CLOUD_PRICES) ?? DEFAULT_WHATSAPP_CLOUD_PRICES,
      currency: env.WHATSAPP_CLOUD_CURRENCY ?? 'USD',
    },
    media: mediaConfig(env),
    presenceOfflineGraceMs: env.PRESENCE_OFFLINE_GRACE_MS,
  };
};

/** MEDIA_STORE=s3 needs its bucket, and both keys or neither (refused at boot, not at the first upload). */
const mediaConfig = (env: z.infer<typeof EnvSchema>): MediaConfig => {
  if (env.MEDIA_STORE !== 's3') return { store: 'fs' };
  if (!env.S3_BUCKET) throw new ConfigError('MEDIA_STORE=s3 needs S3_BUCKET');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS SDK’s own credentials)');
  const endpoint = env.S3_ENDPOINT?.replace(/\/$/, '');
  return {
    store: 's3',
    s3: {
      bucket: env.S3_BUCKET,
      endpoint,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : !!endpoint,
      prefix: env.S3_PREFIX,
    },
  };
};

/**
 * Asaas needs its key and a webhook token (the webhook refuses every call without one): refuse to
 * start otherwise. In production the provider is never assumed (issue 28 §12): the sandbox's PIX
 * charges are settled by the super user by hand, so a production server taking them must say so.
 */
const paymentsConfig = (production: boolean, provider: string | undefined, url: string | undefined, apiKey: string | undefined, webhookToken: string | undefined): PaymentsConfig => {
  if (production && !provider) {
    throw new ConfigError('PAYMENT_PROVIDER must be set in production: asaas (with ASAAS_API_KEY and ASAAS_WEBHOOK_TOKEN), or sandbox to take test charges the super user settles by hand');
  }
  if (provider !== 'asaas') return { provider: 'sandbox', asaasUrl: url ?? DEFAULT_ASAAS_URL };
  if (!apiKey || !webhookToken || webhookToken.length < 16) throw new Error('PAYMENT_PROVIDER=asaas needs ASAAS_API_KEY and ASAAS_WEBHOOK_TOKEN (16+ characters)');
  return { provider: 'asaas', asaasUrl: url ?? DEFAULT_ASAAS_URL, asaasApiKey: apiKey, asaasWebhookToken: webhookToken };
};
