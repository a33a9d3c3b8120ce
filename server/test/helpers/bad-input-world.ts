import { createTestApp } from './build-app';
import { api, createCompany, login } from './world';
import { SUPER_EMAIL, SUPER_PASSWORD } from './constants';
import type { RawRequest } from './routes';

// The bad input suite's world (issue 25: its rows live beside their modules, in
// server/src/modules/<m>/<m>.bad-input.cases.ts). Malformed input on every route: always a 4xx with
// an ERR_ code (400 ERR_VALIDATION unless said otherwise), never a 500 and never a database error
// leaking out. Rows are plain data: '{ticket}' in a url or body names one of the fixtures below.

export interface BadInputCase {
  name: string;
  req: RawRequest;
  /** Expected status (or any of several); 400 (ERR_VALIDATION) when absent. */
  status?: number | number[];
  /** Expected code when it is not the status's usual one (400: ERR_VALIDATION). */
  error?: string;
  as?: 'admin' | 'super';
}
/** One module's rows: route key ('GET /tickets/:id') to its malformed calls. */
export type BadInputRows = Record<string, BadInputCase[]>;
export type Method = RawRequest['method'];
type Case = BadInputCase;

/** Beyond PostgreSQL's integer: not an id any table can hold. */
export const INT4_OVER = 2 ** 31;
export const NUL = 'Jo\u0000ão';
export const long = (n: number) => 'x'.repeat(n);

export const q = (url: string, name: string, query: string): Case => ({ name, req: { method: 'GET', url: `${url}?${query}` } });
export const b = (method: Method, url: string, name: string, body: unknown, extra: Partial<Case> = {}): Case => ({ name, req: { method, url, body }, ...extra });

/** A multipart/form-data body (text only, so it travels as a string): fields, then files. */
export const form = (url: string, name: string, fields: Record<string, string>, files: { field?: string; fileName: string; type: string; content: string }[], extra: Partial<Case> = {}): Case => {
  const boundary = 'XbalcaoX';
  const parts = [
    ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ...files.map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'medias'}"; filename="${f.fileName}"\r\nContent-Type: ${f.type}\r\n\r\n${f.content}\r\n`),
  ];
  return { name, req: { method: 'POST', url, raw: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }, ...extra };
};
/** A Windows program's first bytes (MZ): refused whatever it is called. */
export const EXE = `MZ${'\u0000'.repeat(62)}`;
export const PDF = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

/** Bodies that are not the object the route expects, for any route that takes one. */
export const bodyShapes = (method: Method, url: string): Case[] => [
  { name: 'invalid JSON text', req: { method, url, raw: '{"name": "a",' } },
  { name: 'empty body declared as JSON', req: { method, url, raw: '' } },
  { name: 'array instead of object', req: { method, url, raw: '[{"name":"a"}]' } },
  { name: 'number instead of object', req: { method, url, raw: '42' } },
  { name: 'prototype pollution attempt', req: { method, url, raw: '{"__proto__": {"profile": "admin"}}' } },
  // JSON can carry half a UTF-16 pair ("\ud800"), which no text column can hold (issue 28 §10).
  { name: 'a lone UTF-16 surrogate in a text', req: { method, url, raw: '{"name": "Jo\\ud800ão", "title": "\\udc00"}' } },
  { name: 'body over the 1 MiB limit', req: { method, url, body: { name: long(1_100_000) } }, status: 413 },
];

/** Ids that are not positive integers PostgreSQL can hold, in place of `:id`. One past the
 *  integer range may also be "not found" (404): no row can have it, but it is never a 500. */
export const badIds = (method: Method, url: (id: string) => string, body?: unknown): Case[] =>
  ['abc', '0', '-1', '1.5', '%20', String(INT4_OVER), '1e400'].map((id) => ({
    name: `id "${id}"`,
    req: { method, url: url(id), body },
    ...(id === String(INT4_OVER) ? { status: [400, 404] } : {}),
  }));

/** A prompt body that passes the schema (the queue filled in by `resolve`). */
export const promptOk = { name: 'Assistente', prompt: 'Você é a atendente virtual da empresa. Responda com educação e brevidade.', queueId: '{queue}' };

export type BadInputWorld = Awaited<ReturnType<typeof createBadInputWorld>>;

/** One app (small upload limits) with one company, its fixtures and the super user's token. */
export const createBadInputWorld = async () => {
  // A small picture limit, so "over its kind's limit" needs no big body.
  const app = await createTestApp({ config: { uploadLimits: { image: 1024, video: 1024, audio: 1024, document: 4096 }, uploadMaxBytes: 8192 } });
  const co = await createCompany(app);
  const superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
  /** Real records, so that input which passes the schema reaches the services and the database. */
  const fx: Record<string, number> = {};
  fx.help = (await api(app, superToken).post<{ id: number }>('/helps', { title: 'Ajuda fixture', video: 'dQw4w9WgXcQ' })).body.id;
  const admin = api(app, co.adminToken);
  fx.wa = co.whatsapp.id;
  fx.company = co.companyId;
  fx.queue = (await co.addQueue()).id;
  fx.contact = (await admin.post<{ id: number }>('/contacts', { name: 'Cliente', number: '5511999990000' })).body.id;
  fx.ticket = (await admin.post<{ id: number }>('/tickets', { contactId: fx.contact, status: 'open' })).body.id;
  fx.option = (await admin.post<{ id: number }>('/queue-options', { queueId: fx.queue, title: 'Fixture' })).body.id;
  fx.quick = (await admin.post<{ id: number }>('/quick-messages', { shortcode: 'fixture', message: 'Olá' })).body.id;
  fx.message = (await admin.post<{ id: number }>(`/messages/${fx.ticket}`, { body: 'oi' })).body.id;
  fx.tag = (await admin.post<{ id: number }>('/tags', { name: 'Fixture' })).body.id;
  fx.note = (await admin.post<{ id: number }>('/ticket-notes', { note: 'Nota', ticketId: fx.ticket })).body.id;
  fx.integration = (await admin.post<{ id: number }>('/queueIntegration', { name: 'Fixture', type: 'webhook' })).body.id;
  fx.prompt = (await admin.post<{ id: number }>('/prompt', { ...promptOk, name: 'Prompt fixture', queueId: fx.queue })).body.id;
  fx.clist = (await admin.post<{ id: number }>('/contact-lists', { name: 'Lista fixture' })).body.id;
  fx.clitem = (await admin.post<{ id: number }>('/contact-list-items', { name: 'Pessoa', number: '5511988880000', contactListId: fx.clist })).body.id;
  const fileList = (await admin.post<{ id: number; options: { id: number }[] }>('/files', { name: 'Arquivos fixture', message: 'Olá', options: [{ name: 'Opção' }] })).body;
  fx.fileList = fileList.id;
  fx.fileOption = fileList.options[0]!.id;
  fx.schedule = (await admin.post<{ id: number }>('/schedules', { body: 'Lembrete fixture', contactId: fx.contact, sendAt: '2030-01-01T10:00:00Z' })).body.id;
  fx.campaign = (await admin.post<{ id: number }>('/campaigns', { name: 'Campanha fixture', message1: 'Oi' })).body.id;
  fx.admin = co.admin.id;
  fx.chatMember = (await co.addUser({})).user.id;
  fx.chat = (await admin.post<{ id: number }>('/chats', { title: 'Conversa fixture', users: [fx.chatMember] })).body.id;
  fx.webhook = (await admin.post<{ webhook: { id: number } }>('/webhooks', { name: 'Webhook fixture', url: 'http://127.0.0.1:9/hook', events: ['message.created'] })).body.webhook.id;
  fx.announcement = (await api(app, superToken).post<{ id: number }>('/announcements', { title: 'Aviso fixture', text: 'Olá' })).body.id;
  /** The fixture connection's external API token (issue 15 §3). */
  const apiToken = (await admin.post<{ token: string }>(`/whatsapp/${fx.wa}/token`)).body.token;
  /** `{ticket}` in a url, or a body value "{ticket}", becomes that fixture's id. */
  const resolve = (req: RawRequest): RawRequest => ({
    ...req,
    // A header's "{apiToken}": the fixture connection's external API token.
    ...(req.headers ? { headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, v.replace('{apiToken}', apiToken)])) } : {}),
    url: req.url.replace(/\{(\w+)\}/g, (_, k: string) => String(fx[k])),
    // A multipart field's value "{fileOption}" too (only fixtures' names: JSON texts stay as they are).
    ...(typeof req.raw === 'string' ? { raw: req.raw.replace(/\{(\w+)\}/g, (m, k: string) => (k in fx ? String(fx[k]) : m)) } : {}),
    ...(req.body !== undefined ? { body: JSON.parse(JSON.stringify(req.body).replace(/"\{(\w+)\}"/g, (_, k: string) => String(fx[k]))) } : {}),
  });
  return { app, co, superToken, fx, resolve };
};
