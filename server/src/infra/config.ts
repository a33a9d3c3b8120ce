import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  production: boolean;
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
}

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

const intEnv = (raw: string | undefined, fallback: number, name: string, min: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}`);
  return n;
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
  if (key.length !== 32) throw new Error('WA_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const secrets = loadSecrets(dataDir);
  const jwtSecret = env.JWT_SECRET ?? secrets.jwtSecret;
  // A weak secret lets anyone mint tokens for any company.
  if (production && (!env.JWT_SECRET || env.JWT_SECRET.length < 32)) {
    throw new Error('JWT_SECRET must be set to at least 32 characters in production');
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    production,
    dataDir,
    databaseUrl,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    appDbPassword: env.APP_DB_PASSWORD ?? secrets.appDbPassword,
    jwtSecret,
    // The simulated phone is on with the embedded default, off against a real database unless asked.
    sandboxEnabled: env.SANDBOX_ENABLED ? env.SANDBOX_ENABLED === '1' : !databaseUrl,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    realtimeAdapter: env.REALTIME_ADAPTER === 'none' ? 'none' : env.REALTIME_ADAPTER === 'postgres' || !!databaseUrl ? 'postgres' : 'none',
    webDir: resolve(env.WEB_DIR ?? 'desktop/dist'),
    version: env.npm_package_version ?? '0.1.0',
    waEncryptionKey: parseWaKey(env.WA_ENCRYPTION_KEY || secrets.waEncryptionKey),
    pgOwnerPassword: secrets.pgOwnerPassword,
    wa: {
      qrLimit: intEnv(env.WA_QR_LIMIT, DEFAULT_WA.qrLimit, 'WA_QR_LIMIT', 1),
      watchdogSilentMs: intEnv(env.WA_WATCHDOG_SILENT_MS, DEFAULT_WA.watchdogSilentMs, 'WA_WATCHDOG_SILENT_MS', 0),
      watchdogProbeTimeoutMs: intEnv(env.WA_WATCHDOG_PROBE_MS, DEFAULT_WA.watchdogProbeTimeoutMs, 'WA_WATCHDOG_PROBE_MS', 1),
      versionUrl: env.WA_VERSION_URL || DEFAULT_WA.versionUrl,
    },
  };
};
