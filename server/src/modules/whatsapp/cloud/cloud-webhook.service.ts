/**
 * Meta's webhook for Cloud API connections (issue 29 §2; decision 0372). `GET` answers Meta's
 * subscription check only for a verify token some connection has. `POST` is believed only when
 * `X-Hub-Signature-256` is the HMAC-SHA256 of the raw body under the app secret of every
 * connection whose number (`metadata.phone_number_id`) it names; then each change is stored as a
 * `cloud.webhook` job (durable before the 200) and worked where the connection's channel runs.
 * Refused: 401 and nothing stored. Redeliveries are harmless: ingest is idempotent by wamid.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataAccess } from '../../../db/tenant';
import { AppError } from '../../../infra/errors';
import type { Clock } from '../../../infra/clock';
import type { Jobs } from '../../../infra/jobs';
import * as repo from '../whatsapp.repository';
import { verifyTokenHash, type CloudSecrets } from './cloud-secrets';
import { pricedStatuses, recordCloudCosts } from './cloud-costs';
import type { CloudChangeValue } from './map-inbound';

interface WebhookBody {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: CloudChangeValue }[] }[];
}

const refused = () => new AppError('ERR_INVALID_WEBHOOK');

/** `sha256=<hex>` of Meta's header against our HMAC of the raw body, in constant time. */
export const signatureMatches = (appSecret: string, raw: Buffer, header: string | undefined): boolean => {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'utf8');
  const expected = Buffer.from(createHmac('sha256', appSecret).update(raw).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export const createCloudWebhook = (deps: { data: DataAccess; jobs: Pick<Jobs, 'enqueueNow' | 'notify'>; secrets: CloudSecrets; clock: Clock }) => ({
  /** Meta's subscription check: the challenge back, or 403. */
  async challenge(q: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string }): Promise<string> {
    const token = q['hub.verify_token'];
    if (q['hub.mode'] !== 'subscribe' || !token || !q['hub.challenge']) throw new AppError('ERR_NO_PERMISSION');
    const known = await deps.data.withSystem('whatsapp:cloud-webhook', ({ tx }) => repo.hasCloudVerifyToken(tx, verifyTokenHash(token)));
    if (!known) throw new AppError('ERR_NO_PERMISSION');
    return q['hub.challenge'];
  },

  /** A delivery: verified against every number it names, then one job per change. */
  async receive(raw: Buffer, signature: string | undefined): Promise<void> {
    if (!signature?.startsWith('sha256=')) throw refused();
    let body: WebhookBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as WebhookBody;
    } catch {
      throw refused();
    }
    const changes = (Array.isArray(body?.entry) ? body.entry : []).flatMap((e) => (Array.isArray(e?.changes) ? e.changes : [])).filter((c) => c?.field === 'messages' && c.value);
    const numbers = [...new Set(changes.map((c) => c.value!.metadata?.phone_number_id))];
    // Other fields (template reviews, account updates) are not ours yet: taken and dropped, nothing stored.
    if (numbers.length === 0) return;
    if (numbers.some((n) => typeof n !== 'string')) throw refused();
    const connections = new Map<string, { id: number; companyId: number }>();
    for (const n of numbers as string[]) {
      const conn = await deps.data.withSystem('whatsapp:cloud-webhook', ({ tx }) => repo.byCloudPhoneNumberId(tx, n));
      if (!conn || !signatureMatches(deps.secrets.open(conn.companyId, 'appSecret', conn.cloudAppSecret), raw, signature)) throw refused();
      connections.set(n, conn);
    }
    for (const c of changes) {
      const conn = connections.get(c.value!.metadata!.phone_number_id!)!;
      // The cost ledger (decision 0410), in the verified number's company only; a redelivery counts nothing.
      const priced = pricedStatuses(c.value!, deps.clock.now());
      if (priced.length) await deps.data.withTenant({ companyId: conn.companyId }, ({ tx }) => recordCloudCosts(tx, conn.companyId, conn.id, priced));
      // asQueued: more retries with backoff, for a connection that is (re)starting somewhere.
      await deps.jobs.enqueueNow('cloud.webhook', { companyId: conn.companyId, whatsappId: conn.id, value: c.value! }, { asQueued: true });
    }
    if (changes.length) deps.jobs.notify('cloud.webhook');
  },
});

export type CloudWebhook = ReturnType<typeof createCloudWebhook>;
