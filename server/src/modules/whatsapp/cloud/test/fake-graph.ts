/**
 * A local stand-in for Meta's Graph API (the WhatsApp Cloud API part the adapter calls), for the
 * Cloud adapter's tests and the contract suite: it checks the bearer token, records every send,
 * keeps uploaded media and serves media by id through download URLs that expire (by the fake's
 * own clock), signs webhooks with an app secret as Meta does (`X-Hub-Signature-256`) and fails on
 * request: a revoked token (190, HTTP 401), a closed window (131047), throughput (130429), a 5xx.
 * Payload shapes follow Meta's Cloud API reference (messages, media, webhooks); nothing here is real.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../../../../../test/helpers/local-server';

export interface GraphSend {
  phoneNumberId: string;
  body: Record<string, unknown>;
  /** The wamid the fake answered with (none for read marks). */
  wamid?: string;
}

export interface StoredMedia {
  id: string;
  bytes: Buffer;
  mimetype: string;
  fileName?: string;
}

/** What the next calls answer instead of success. */
export type GraphFailure = { kind: 'token' } | { kind: 'window' } | { kind: 'throughput' } | { kind: 'server' } | { kind: 'error'; status: number; code: number; message: string };

const FAILURES: Record<Exclude<GraphFailure['kind'], 'error'>, { status: number; code: number; message: string }> = {
  token: { status: 401, code: 190, message: 'Error validating access token: Session has expired' },
  window: { status: 400, code: 131047, message: 'Re-engagement message' },
  throughput: { status: 429, code: 130429, message: 'Rate limit hit' },
  server: { status: 500, code: 2, message: 'Service temporarily unavailable' },
};

export interface FakeGraphOptions {
  /** The access token the fake accepts. */
  token: string;
  phoneNumberId: string;
  /** More numbers of the same account, served alike (the e2e server's specs each need a number of their own). */
  morePhoneNumberIds?: string[];
  /** The number's display form, as Meta shows it. */
  displayNumber?: string;
  /** How long a media download URL lives (Meta: 5 minutes). */
  mediaUrlTtlMs?: number;
  /** The WhatsApp Business Account whose templates the fake lists (default 102290129340398). */
  wabaId?: string;
}

/** A template as Meta lists it (`GET /<waba-id>/message_templates`). */
export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: { type: string; format?: string; text?: string; buttons?: { type: string; text: string }[] }[];
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The parts of a multipart/form-data body (the media upload): name → value, and the file. */
const parseMultipart = (body: Buffer, contentType: string): { fields: Record<string, string>; file?: { bytes: Buffer; mimetype: string; fileName?: string } } => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, string> = {};
  if (!boundary) return { fields };
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let file: { bytes: Buffer; mimetype: string; fileName?: string } | undefined;
  let at = body.indexOf(sep);
  while (at !== -1) {
    const next = body.indexOf(sep, at + sep.length);
    if (next === -1) break;
    const part = body.subarray(at + sep.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const value = part.subarray(split + 4);
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    const fileName = /filename="([^"]*)"/.exec(head)?.[1];
    if (fileName !== undefined) file = { bytes: value, mimetype: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream', fileName };
    else fields[name] = value.toString('utf8');
    at = next;
  }
  return { fields, file };
};

export interface FakeGraph {
  /** http://127.0.0.1:<port>: the adapter's base URL. */
  base: string;
  readonly sends: GraphSend[];
  readonly media: Map<string, StoredMedia>;
  /** The WABA's templates (tests add and change them); a template send names one of them or fails with 132001. */
  templates: FakeTemplate[];
  /** Pages of the template list served, in order (their `after` cursor, '' for the first). */
  readonly templateReads: string[];
  /** What the number's node answers besides its display number and name (tests change the rating and limit). */
  numberFacts: Record<string, string>;
  /** The `fields` of each read of the number's node, in order. */
  readonly numberReads: string[];
  /** Media URL lookups (GET /{media-id}) and downloads served, in order. */
  readonly lookups: string[];
  readonly downloads: string[];
  /** The fake's clock (ms); download URLs expire against it. */
  now: number;
  /** The next `n` media lookups answer URLs that have already expired (a slow download). */
  expireUrls(n: number): void;
  /** Every call fails this way until `fail(undefined)` (`times`: only the next n calls). */
  fail(failure: GraphFailure | undefined, times?: number): void;
  /** Media a customer sent: stored under a new id, to be named in an inbound webhook. */
  addMedia(bytes: Buffer, mimetype: string, fileName?: string): string;
  /** A webhook body as Meta would POST it, with its `X-Hub-Signature-256` under `appSecret`. */
  signed(appSecret: string, payload: unknown): { body: string; headers: Record<string, string> };
  /** POSTs `payload` to `url` over HTTP as Meta does, signed under `appSecret`; answers the status. */
  deliver(url: string, appSecret: string, payload: unknown): Promise<number>;
  close(): Promise<void>;
}

export const startFakeGraph = async (opts: FakeGraphOptions): Promise<FakeGraph> => {
  const ttl = opts.mediaUrlTtlMs ?? 5 * 60_000;
  let failure: GraphFailure | undefined;
  let failTimes = Infinity;
  let expired = 0;
  const fake = {
    sends: [] as GraphSend[],
    media: new Map<string, StoredMedia>(),
    lookups: [] as string[],
    downloads: [] as string[],
    templates: [] as FakeTemplate[],
    templateReads: [] as string[],
    numberFacts: { quality_rating: 'GREEN', whatsapp_business_manager_messaging_limit: 'TIER_2K' } as Record<string, string>,
    numberReads: [] as string[],
    now: Date.now(),
  };
  const wabaId = opts.wabaId ?? '102290129340398';
  const numbers = new Set([opts.phoneNumberId, ...(opts.morePhoneNumberIds ?? [])]);
  const newWamid = () => `wamid.${randomBytes(18).toString('base64url')}`;
  const failWith = (res: ServerResponse): boolean => {
    if (!failure || failTimes <= 0) return false;
    failTimes--;
    const f = failure.kind === 'error' ? failure : FAILURES[failure.kind];
    json(res, f.status, { error: { message: `(#${f.code}) ${f.message}`, type: 'OAuthException', code: f.code, error_data: { messaging_product: 'whatsapp', details: f.message }, fbtrace_id: 'FAKE' } });
    return true;
  };

  const server = await startLocalServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      if (req.headers.authorization !== `Bearer ${opts.token}`) {
        return json(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'FAKE' } });
      }
      if (failWith(res)) return;
      const path = url.pathname.split('/').filter(Boolean);
      // Download: /download/<media id>?expires=<ms>
      if (path[0] === 'download' && path[1]) {
        const m = fake.media.get(path[1]);
        if (!m || Number(url.searchParams.get('expires')) < fake.now) return json(res, 404, { error: { message: 'URL expired', code: 100 } });
        fake.downloads.push(m.id);
        res.writeHead(200, { 'content-type': m.mimetype, 'content-length': m.bytes.length });
        return res.end(m.bytes);
      }
      const [, node, edge] = path;
      if (req.method === 'POST' && node && numbers.has(node) && edge === 'messages') {
        const sent = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (sent.status === 'read') {
          fake.sends.push({ phoneNumberId: node, body: sent });
          return json(res, 200, { success: true });
        }
        const template = sent.template as { name?: string; language?: { code?: string } } | undefined;
        if (sent.type === 'template' && !fake.templates.some((t) => t.name === template?.name && t.language === template?.language?.code && t.status === 'APPROVED')) {
          return json(res, 404, { error: { message: '(#132001) Template name does not exist in the translation', code: 132001, error_data: { details: `template name (${template?.name}) does not exist in ${template?.language?.code}` } } });
        }
        const wamid = newWamid();
        fake.sends.push({ phoneNumberId: node, body: sent, wamid });
        return json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: sent.to, wa_id: sent.to }], messages: [{ id: wamid }] });
      }
      if (req.method === 'POST' && node && numbers.has(node) && edge === 'media') {
        const { fields, file } = parseMultipart(body, req.headers['content-type'] ?? '');
        if (!file || fields.messaging_product !== 'whatsapp') return json(res, 400, { error: { message: 'file and messaging_product required', code: 100 } });
        const id = String(1_000_000_000 + fake.media.size + Math.floor(Math.random() * 1e6));
        fake.media.set(id, { id, bytes: file.bytes, mimetype: fields.type ?? file.mimetype, fileName: file.fileName });
        return json(res, 200, { id });
      }
      if (req.method === 'GET' && node === wabaId && edge === 'message_templates') {
        // Pages of `limit` by an opaque `after` cursor; `paging.next` only while more remain (Meta's shape).
        const limit = Number(url.searchParams.get('limit') ?? 25);
        const after = url.searchParams.get('after') ?? '';
        fake.templateReads.push(after);
        const from = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) : 0;
        const page = fake.templates.slice(from, from + limit);
        const cursor = Buffer.from(String(from + page.length), 'utf8').toString('base64url');
        const more = from + page.length < fake.templates.length;
        return json(res, 200, { data: page, paging: { cursors: { before: 'MA', after: cursor }, ...(more ? { next: `${server.base}${url.pathname}?limit=${limit}&after=${cursor}` } : {}) } });
      }
      if (req.method === 'GET' && node && numbers.has(node) && !edge) {
        // Only the fields asked for, as Meta answers a `fields=` read.
        const all: Record<string, string> = { display_phone_number: opts.displayNumber ?? '+55 61 3333-0000', verified_name: 'Balcão Teste', ...fake.numberFacts };
        const asked = (url.searchParams.get('fields') ?? 'display_phone_number,verified_name,quality_rating').split(',');
        fake.numberReads.push(asked.join(','));
        return json(res, 200, { id: node, ...Object.fromEntries(asked.filter((f) => f in all).map((f) => [f, all[f]])) });
      }
      if (req.method === 'GET' && node && !edge && fake.media.has(node)) {
        const m = fake.media.get(node)!;
        fake.lookups.push(node);
        return json(res, 200, {
          messaging_product: 'whatsapp',
          id: m.id,
          url: `${server.base}/download/${m.id}?expires=${expired-- > 0 ? fake.now - 1 : fake.now + ttl}`,
          mime_type: m.mimetype,
          file_size: String(m.bytes.length),
        });
      }
      json(res, 404, { error: { message: `unknown path ${url.pathname}`, code: 100 } });
    })().catch((err: unknown) => json(res, 500, { error: { message: String(err), code: 1 } }));
  });

  return Object.assign(fake, {
    base: server.base,
    fail(f: GraphFailure | undefined, times = Infinity) {
      failure = f;
      failTimes = times;
    },
    expireUrls(n: number) {
      expired = n;
    },
    addMedia(bytes: Buffer, mimetype: string, fileName?: string) {
      const id = String(2_000_000_000 + fake.media.size);
      fake.media.set(id, { id, bytes, mimetype, fileName });
      return id;
    },
    signed(appSecret: string, payload: unknown) {
      const body = JSON.stringify(payload);
      return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}` } };
    },
    async deliver(url: string, appSecret: string, payload: unknown) {
      const { body, headers } = this.signed(appSecret, payload);
      const res = await fetch(url, { method: 'POST', headers, body });
      await res.arrayBuffer();
      return res.status;
    },
    close: server.close,
  });
};
