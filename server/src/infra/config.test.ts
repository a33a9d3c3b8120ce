import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_WA, DEFAULT_WHATSAPP_CLOUD, DEFAULT_WHATSAPP_CLOUD_PRICES, loadConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'balcao-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('WhatsApp session options', () => {
  it('defaults: 5 QR codes, a probe after 3 min of silence with 20 s to answer, the version from web.whatsapp.com', () => {
    expect(loadConfig({ DATA_DIR: dir }).wa).toEqual(DEFAULT_WA);
    expect(DEFAULT_WA).toEqual({ qrLimit: 5, watchdogSilentMs: 180_000, watchdogProbeTimeoutMs: 20_000, versionUrl: 'https://web.whatsapp.com/sw.js' });
  });

  it('reads WA_QR_LIMIT, WA_WATCHDOG_SILENT_MS (0 = off), WA_WATCHDOG_PROBE_MS and WA_VERSION_URL', () => {
    const env = { DATA_DIR: dir, WA_QR_LIMIT: '3', WA_WATCHDOG_SILENT_MS: '0', WA_WATCHDOG_PROBE_MS: '5000', WA_VERSION_URL: 'http://mirror.local/sw.js' };
    expect(loadConfig(env).wa).toEqual({ qrLimit: 3, watchdogSilentMs: 0, watchdogProbeTimeoutMs: 5000, versionUrl: 'http://mirror.local/sw.js' });
  });

  it.each([
    ['WA_QR_LIMIT', '0'],
    ['WA_QR_LIMIT', 'cinco'],
    ['WA_WATCHDOG_SILENT_MS', '-1'],
    ['WA_WATCHDOG_PROBE_MS', '1.5'],
  ])('refuses to boot with %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(name);
  });
});

describe('WhatsApp Cloud API', () => {
  it("calls Meta's Graph API host at v25.0 by default; WHATSAPP_CLOUD_BASE_URL and WHATSAPP_CLOUD_API_VERSION point it elsewhere (a local fake)", () => {
    expect(loadConfig({ DATA_DIR: dir }).whatsappCloud).toEqual({ baseUrl: 'https://graph.facebook.com', apiVersion: 'v25.0', prices: DEFAULT_WHATSAPP_CLOUD_PRICES, currency: 'USD' });
    expect(DEFAULT_WHATSAPP_CLOUD).toEqual({ baseUrl: 'https://graph.facebook.com', apiVersion: 'v25.0' });
    const env = { DATA_DIR: dir, WHATSAPP_CLOUD_BASE_URL: 'http://127.0.0.1:4010/', WHATSAPP_CLOUD_API_VERSION: 'v24.0' };
    expect(loadConfig(env).whatsappCloud).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', apiVersion: 'v24.0' });
  });

  it("prices the cost ledger's estimate from WHATSAPP_CLOUD_PRICES and WHATSAPP_CLOUD_CURRENCY (decision 0410)", () => {
    expect(DEFAULT_WHATSAPP_CLOUD_PRICES).toMatchObject({ marketing: 0.0625, utility: 0.0068, service: 0 });
    const cloud = loadConfig({ DATA_DIR: dir, WHATSAPP_CLOUD_PRICES: 'marketing=0.35,utility=0.04', WHATSAPP_CLOUD_CURRENCY: 'BRL' }).whatsappCloud;
    expect([cloud?.prices, cloud?.currency]).toEqual([{ marketing: 0.35, utility: 0.04 }, 'BRL']);
  });

  it.each([
    ['WHATSAPP_CLOUD_BASE_URL', 'graph.facebook.com'],
    ['WHATSAPP_CLOUD_BASE_URL', 'https://graph.facebook.com/v25.0'],
    ['WHATSAPP_CLOUD_API_VERSION', '25'],
    ['WHATSAPP_CLOUD_PRICES', 'marketing:0.35'],
    ['WHATSAPP_CLOUD_PRICES', 'marketing=cheap'],
    ['WHATSAPP_CLOUD_CURRENCY', 'real'],
  ])('refuses to boot with %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(name);
  });
});

describe('where the server listens and whom it trusts', () => {
  it('mails through SMTP_URL when set (smtp:// or smtps://), else to the log; never echoes the URL', () => {
    expect(loadConfig({ DATA_DIR: dir }).smtpUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://user:pw@mail.example.com:465', MAIL_FROM: 'Balcão <oi@example.com>' })).toMatchObject({ smtpUrl: 'smtps://user:pw@mail.example.com:465', mailFrom: 'Balcão <oi@example.com>' });
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://user:pw@mail.example.com' })).toThrow(/^SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://user:pw@mail.example.com' })).not.toThrow(/pw@/);
  });

  it('pays through the sandbox by default; PAYMENT_PROVIDER=asaas needs its key and webhook token (decision 0281)', () => {
    expect(loadConfig({ DATA_DIR: dir }).payments).toEqual({ provider: 'sandbox', asaasUrl: 'https://api-sandbox.asaas.com/v3' });
    const asaas = { DATA_DIR: dir, PAYMENT_PROVIDER: 'asaas', ASAAS_URL: 'https://api.asaas.com/v3', ASAAS_API_KEY: 'chave', ASAAS_WEBHOOK_TOKEN: 'um-token-bem-comprido' };
    expect(loadConfig(asaas).payments).toEqual({ provider: 'asaas', asaasUrl: 'https://api.asaas.com/v3', asaasApiKey: 'chave', asaasWebhookToken: 'um-token-bem-comprido' });
    expect(() => loadConfig({ ...asaas, ASAAS_API_KEY: '' })).toThrow(/ASAAS_API_KEY/);
    expect(() => loadConfig({ ...asaas, ASAAS_WEBHOOK_TOKEN: 'curto' })).toThrow(/ASAAS_WEBHOOK_TOKEN/);
    expect(() => loadConfig({ ...asaas, ASAAS_WEBHOOK_TOKEN: 'curto' })).not.toThrow(/chave/);
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ DATA_DIR: dir, ASAAS_URL: 'ftp://asaas' })).toThrow(/ASAAS_URL/);
  });

  it('listens on 127.0.0.1 unless HOST says otherwise (the container sets 0.0.0.0)', () => {
    expect(loadConfig({ DATA_DIR: dir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('trusts no proxy header unless TRUST_PROXY names the proxies or a hop count', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it('allows no other origin unless CORS_ORIGINS lists them (exact origins, comma-separated)', () => {
    expect(loadConfig({ DATA_DIR: dir }).corsOrigins).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, CORS_ORIGINS: 'https://app.example.com, http://10.0.0.5:3000/' }).corsOrigins).toEqual(['https://app.example.com', 'http://10.0.0.5:3000']);
  });

  it.each([
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['REALTIME_ADAPTER', 'redis'],
    ['SANDBOX_ENABLED', 'yes'],
    ['UPLOAD_MAX_BYTES', '-5'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'null'],
    ['CORS_ORIGINS', 'file://'],
    ['CORS_ORIGINS', 'https://app.example.com/path'],
  ])('refuses to boot with %s=%s, in one line naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(new RegExp(`^${name}=.*: `));
  });

  it('never echoes a secret-bearing value in the refusal', () => {
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://root:s3cret@db' })).toThrow(/^DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://root:s3cret@db' })).not.toThrow(/s3cret/);
  });
});

describe('the login rate limit (LOGIN_RATE_LIMIT)', () => {
  it('is 30 logins a minute per IP unless set; a test server may raise it', () => {
    expect(loadConfig({ DATA_DIR: dir }).loginRateLimit).toBe(30);
    expect(loadConfig({ DATA_DIR: dir, LOGIN_RATE_LIMIT: '' }).loginRateLimit).toBe(30);
    expect(loadConfig({ DATA_DIR: dir, LOGIN_RATE_LIMIT: '1000' }).loginRateLimit).toBe(1000);
  });

  it.each(['0', '-3', '2.5', 'muitos'])('refuses to boot with LOGIN_RATE_LIMIT=%s, in one line naming it', (value) => {
    expect(() => loadConfig({ DATA_DIR: dir, LOGIN_RATE_LIMIT: value })).toThrow(new RegExp(`^LOGIN_RATE_LIMIT=${JSON.stringify(value)}: must be an integer ≥ 1$`));
  });
});

describe('outside calls to private hosts (decisions 0195, 0343)', () => {
  it('are refused everywhere, `npm start` included, unless ALLOW_PRIVATE_HOSTS=1', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir }).allowPrivateHosts).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: secret, PAYMENT_PROVIDER: 'sandbox' }).allowPrivateHosts).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: secret, PAYMENT_PROVIDER: 'sandbox', ALLOW_PRIVATE_HOSTS: '1' }).allowPrivateHosts).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, ALLOW_PRIVATE_HOSTS: '0' }).allowPrivateHosts).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, ALLOW_PRIVATE_HOSTS: 'yes' })).toThrow('ALLOW_PRIVATE_HOSTS');
  });
});

describe('payments (issue 28 §12)', () => {
  const secret = 'x'.repeat(40);
  it('refuse to start in production without an explicit provider, in one line naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(new ConfigError('PAYMENT_PROVIDER must be set in production: asaas (with ASAAS_API_KEY and ASAAS_WEBHOOK_TOKEN), or sandbox to take test charges the super user settles by hand'));
  });

  it('take the sandbox in production only when asked, and by default elsewhere', () => {
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: secret, PAYMENT_PROVIDER: 'sandbox' }).payments?.provider).toBe('sandbox');
    expect(loadConfig({ DATA_DIR: dir }).payments?.provider).toBe('sandbox');
  });
});

describe('the media store (MEDIA_STORE, decision 0385)', () => {
  it('is the filesystem (DATA_DIR/media) unless MEDIA_STORE=s3', () => {
    expect(loadConfig({ DATA_DIR: dir }).media).toEqual({ store: 'fs' });
    expect(loadConfig({ DATA_DIR: dir, MEDIA_STORE: 'fs', S3_BUCKET: 'ignored' }).media).toEqual({ store: 'fs' });
  });

  it('reads the bucket, endpoint, region, keys, path style and prefix; an endpoint (MinIO) means path-style unless told', () => {
    const minio = { DATA_DIR: dir, MEDIA_STORE: 's3', S3_BUCKET: 'balcao-media', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'balcao', S3_SECRET_ACCESS_KEY: 'balcao-secret' };
    expect(loadConfig(minio).media).toEqual({
      store: 's3',
      s3: { bucket: 'balcao-media', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'balcao', secretAccessKey: 'balcao-secret', forcePathStyle: true, prefix: undefined },
    });
    const aws = { DATA_DIR: dir, MEDIA_STORE: 's3', S3_BUCKET: 'media.example', S3_REGION: 'sa-east-1', S3_PREFIX: 'balcao/media/' };
    expect(loadConfig(aws).media).toEqual({
      store: 's3',
      s3: { bucket: 'media.example', endpoint: undefined, region: 'sa-east-1', accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false, prefix: 'balcao/media/' },
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: '0' }).media).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it.each([
    [{ MEDIA_STORE: 'disk' }, 'MEDIA_STORE'],
    [{ MEDIA_STORE: 's3' }, 'S3_BUCKET'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'only-the-id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_PREFIX: '/media' }, 'S3_PREFIX'],
  ])('refuses to boot with %o, naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(name);
  });

  it('never echoes an endpoint (it may carry credentials) in the refusal', () => {
    const env = { DATA_DIR: dir, MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://balcao:hunter2@minio:9000/bucket' };
    expect(() => loadConfig(env)).toThrow(/^S3_ENDPOINT: must be an http/);
    expect(() => loadConfig(env)).not.toThrow(/hunter2/);
  });
});
