import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, login, type TestCompany } from '../helpers/world';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { allRouteKeys, privateRouteKeys, send, type RawRequest } from '../helpers/routes';

// Malformed input on every route: always a 4xx with an ERR_ code (400 ERR_VALIDATION unless
// said otherwise), never a 500 and never a database error leaking out.

let app: TestApp;
let co: TestCompany;
let superToken: string;
/** Real records, so that input which passes the schema reaches the services and the database. */
const fx: Record<string, number> = {};

beforeAll(async () => {
  // A small picture limit, so "over its kind's limit" needs no big body.
  app = await createTestApp({ config: { uploadLimits: { image: 1024, video: 1024, audio: 1024, document: 4096 }, uploadMaxBytes: 8192 } });
  co = await createCompany(app);
  superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
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
});

/** `{ticket}` in a url, or a body value "{ticket}", becomes that fixture's id. */
const resolve = (req: RawRequest): RawRequest => ({
  ...req,
  url: req.url.replace(/\{(\w+)\}/g, (_, k: string) => String(fx[k])),
  // A multipart field's value "{fileOption}" too (only fixtures' names: JSON texts stay as they are).
  ...(typeof req.raw === 'string' ? { raw: req.raw.replace(/\{(\w+)\}/g, (m, k: string) => (k in fx ? String(fx[k]) : m)) } : {}),
  ...(req.body !== undefined ? { body: JSON.parse(JSON.stringify(req.body).replace(/"\{(\w+)\}"/g, (_, k: string) => String(fx[k]))) } : {}),
});
afterAll(() => app.close());

interface Case {
  name: string;
  req: RawRequest;
  /** Expected status (or any of several); 400 (ERR_VALIDATION) when absent. */
  status?: number | number[];
  /** Expected code when it is not the status's usual one (400: ERR_VALIDATION). */
  error?: string;
  as?: 'admin' | 'super';
}
type Method = RawRequest['method'];

/** Beyond PostgreSQL's integer: not an id any table can hold. */
const INT4_OVER = 2 ** 31;
const NUL = 'Jo\u0000ão';
const long = (n: number) => 'x'.repeat(n);

const q = (url: string, name: string, query: string): Case => ({ name, req: { method: 'GET', url: `${url}?${query}` } });
const b = (method: Method, url: string, name: string, body: unknown, extra: Partial<Case> = {}): Case => ({ name, req: { method, url, body }, ...extra });

/** A multipart/form-data body (text only, so it travels as a string): fields, then files. */
const form = (url: string, name: string, fields: Record<string, string>, files: { field?: string; fileName: string; type: string; content: string }[], extra: Partial<Case> = {}): Case => {
  const boundary = 'XbalcaoX';
  const parts = [
    ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ...files.map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'medias'}"; filename="${f.fileName}"\r\nContent-Type: ${f.type}\r\n\r\n${f.content}\r\n`),
  ];
  return { name, req: { method: 'POST', url, raw: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }, ...extra };
};
/** A Windows program's first bytes (MZ): refused whatever it is called. */
const EXE = `MZ${'\u0000'.repeat(62)}`;
const PDF = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

/** Bodies that are not the object the route expects, for any route that takes one. */
const bodyShapes = (method: Method, url: string): Case[] => [
  { name: 'invalid JSON text', req: { method, url, raw: '{"name": "a",' } },
  { name: 'empty body declared as JSON', req: { method, url, raw: '' } },
  { name: 'array instead of object', req: { method, url, raw: '[{"name":"a"}]' } },
  { name: 'number instead of object', req: { method, url, raw: '42' } },
  { name: 'prototype pollution attempt', req: { method, url, raw: '{"__proto__": {"profile": "admin"}}' } },
  { name: 'body over the 1 MiB limit', req: { method, url, body: { name: long(1_100_000) } }, status: 413 },
];

/** Ids that are not positive integers PostgreSQL can hold, in place of `:id`. One past the
 *  integer range may also be "not found" (404): no row can have it, but it is never a 500. */
const badIds = (method: Method, url: (id: string) => string, body?: unknown): Case[] =>
  ['abc', '0', '-1', '1.5', '%20', String(INT4_OVER), '1e400'].map((id) => ({
    name: `id "${id}"`,
    req: { method, url: url(id), body },
    ...(id === String(INT4_OVER) ? { status: [400, 404] } : {}),
  }));

/** A prompt body that passes the schema (the queue filled in by `resolve`). */
const promptOk = { name: 'Assistente', prompt: 'Você é a atendente virtual da empresa. Responda com educação e brevidade.', queueId: '{queue}' };

/** A signup and a reset body that pass their schemas. */
const signupOk = { name: 'Loja Nova', email: 'loja.nova@example.com', phone: '(11) 98765-4321', password: 'segredo1', planId: 1 };
const resetOk = { email: 'ana@example.com', token: '123456', newPassword: 'Segredo123' };

/** A plan body that passes the schema. */
const planOk = { name: 'Plano Ok', users: 1, connections: 1, queues: 1, value: 0 };

/** A campaign body that passes the schema. */
const campaignOk = { name: 'Campanha', message1: 'Oi {nome}' };

const table: Record<string, Case[]> = {
  'GET /schedules': [
    q('/schedules', 'page 0', 'pageNumber=0'),
    q('/schedules', 'search too long', `searchParam=${long(101)}`),
    q('/schedules', 'start not a date', 'start=amanha'),
    q('/schedules', 'end not a date', 'end=2030-13-45T99:00'),
    q('/schedules', 'unknown status', 'status=ENVIANDO'),
    q('/schedules', 'ticket beyond int4', `ticketId=${INT4_OVER}`),
  ],
  'GET /schedules/:id': [...badIds('GET', (id) => `/schedules/${id}`), { name: 'no such schedule', req: { method: 'GET', url: '/schedules/999999' }, status: 404 }],
  'POST /schedules': [
    b('POST', '/schedules', 'missing fields', {}),
    b('POST', '/schedules', 'body under 5 characters', { body: 'Oi', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'body of spaces', { body: '         ', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'body not text', { body: 12345, contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'sendAt not a date', { body: 'Lembrete', contactId: '{contact}', sendAt: 'amanhã' }),
    b('POST', '/schedules', 'contact as text', { body: 'Lembrete', contactId: 'abc', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'contact beyond int4', { body: 'Lembrete', contactId: INT4_OVER, sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'cancelOnReply not a boolean', { body: 'Lembrete', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z', cancelOnReply: 'sim' }),
    b('POST', '/schedules', 'a follow-up without its ticket', { body: 'Lembrete', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z', cancelOnReply: true }),
    b('POST', '/schedules', 'no such contact', { body: 'Lembrete', contactId: 999999, sendAt: '2030-01-01T10:00:00Z' }, { status: 404, error: 'ERR_NO_CONTACT_FOUND' }),
    b('POST', '/schedules', 'no such ticket', { body: 'Lembrete', contactId: '{contact}', ticketId: 999999, sendAt: '2030-01-01T10:00:00Z' }, { status: 404, error: 'ERR_NO_TICKET_FOUND' }),
    ...bodyShapes('POST', '/schedules'),
  ],
  'PUT /schedules/:id': [
    ...badIds('PUT', (id) => `/schedules/${id}`, { body: 'Lembrete' }),
    b('PUT', '/schedules/{schedule}', 'body under 5 characters', { body: 'Oi' }),
    b('PUT', '/schedules/{schedule}', 'sendAt not a date', { sendAt: 'ontem' }),
    b('PUT', '/schedules/{schedule}', 'contact 0', { contactId: 0 }),
    b('PUT', '/schedules/{schedule}', 'no such contact', { contactId: 999999 }, { status: 404, error: 'ERR_NO_CONTACT_FOUND' }),
    { name: 'no such schedule', req: { method: 'PUT', url: '/schedules/999999', body: { body: 'Lembrete' } }, status: 404 },
  ],
  'DELETE /schedules/:id': [...badIds('DELETE', (id) => `/schedules/${id}`), { name: 'no such schedule', req: { method: 'DELETE', url: '/schedules/999999' }, status: 404 }],
  'POST /schedules/:id/media-upload': [
    ...badIds('POST', (id) => `/schedules/${id}/media-upload`),
    b('POST', '/schedules/{schedule}/media-upload', 'JSON instead of a file', { file: 'x' }),
    form('/schedules/{schedule}/media-upload', 'a PDF (only .png, .jpg, .jpeg)', {}, [{ field: 'file', fileName: 'doc.png', type: 'image/png', content: PDF }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/schedules/{schedule}/media-upload', 'a program', {}, [{ field: 'file', fileName: 'foto.jpg', type: 'image/jpeg', content: EXE }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/schedules/{schedule}/media-upload', 'an empty file', {}, [{ field: 'file', fileName: 'foto.png', type: 'image/png', content: '' }]),
  ],
  'DELETE /schedules/:id/media-upload': [...badIds('DELETE', (id) => `/schedules/${id}/media-upload`), { name: 'no such schedule', req: { method: 'DELETE', url: '/schedules/999999/media-upload' }, status: 404 }],
  'GET /campaigns': [q('/campaigns', 'page 0', 'pageNumber=0'), q('/campaigns', 'page as text', 'pageNumber=abc'), q('/campaigns', 'search too long', `searchParam=${long(201)}`)],
  'GET /campaigns/:id': [...badIds('GET', (id) => `/campaigns/${id}`), { name: 'no such campaign', req: { method: 'GET', url: '/campaigns/999999' }, status: 404 }],
  'POST /campaigns': [
    b('POST', '/campaigns', 'missing fields', {}),
    b('POST', '/campaigns', 'name of one character', { name: 'x' }),
    b('POST', '/campaigns', 'name too long', { name: long(51) }),
    b('POST', '/campaigns', 'message too long', { ...campaignOk, message2: long(4097) }),
    b('POST', '/campaigns', 'scheduledAt not a date', { ...campaignOk, scheduledAt: 'amanhã' }),
    b('POST', '/campaigns', 'connection as text', { ...campaignOk, whatsappId: 'abc' }),
    b('POST', '/campaigns', 'tag beyond int4', { ...campaignOk, tagListId: INT4_OVER }),
    b('POST', '/campaigns', 'confirmation not a boolean', { ...campaignOk, confirmation: 'sim' }),
    b('POST', '/campaigns', 'NUL in the name', { ...campaignOk, name: NUL }, { status: [200, 400] }),
    b('POST', '/campaigns', 'no such connection', { ...campaignOk, whatsappId: 999999 }),
    b('POST', '/campaigns', 'scheduled without an audience', { ...campaignOk, whatsappId: '{wa}', scheduledAt: '2999-01-01T00:00:00.000Z' }),
    ...bodyShapes('POST', '/campaigns'),
  ],
  'PUT /campaigns/:id': [
    ...badIds('PUT', (id) => `/campaigns/${id}`, campaignOk),
    b('PUT', '/campaigns/{campaign}', 'name of one character', { name: 'x' }),
    b('PUT', '/campaigns/{campaign}', 'file list as text', { ...campaignOk, fileListId: 'lista' }),
    { name: 'no such campaign', req: { method: 'PUT', url: '/campaigns/999999', body: campaignOk }, status: 404 },
  ],
  'DELETE /campaigns/:id': [...badIds('DELETE', (id) => `/campaigns/${id}`), { name: 'no such campaign', req: { method: 'DELETE', url: '/campaigns/999999' }, status: 404 }],
  'POST /campaigns/:id/cancel': [...badIds('POST', (id) => `/campaigns/${id}/cancel`, {}), { name: 'an INATIVA campaign', req: { method: 'POST', url: '/campaigns/{campaign}/cancel', body: {} }, status: 409, error: 'ERR_INVALID_TRANSITION' }],
  'POST /campaigns/:id/restart': [...badIds('POST', (id) => `/campaigns/${id}/restart`, {}), { name: 'an INATIVA campaign', req: { method: 'POST', url: '/campaigns/{campaign}/restart', body: {} }, status: 409, error: 'ERR_INVALID_TRANSITION' }],
  'POST /campaigns/:id/media-upload': [
    ...badIds('POST', (id) => `/campaigns/${id}/media-upload`, {}),
    b('POST', '/campaigns/{campaign}/media-upload', 'JSON instead of multipart', { file: 'x' }, { status: [400, 415] }),
    form('/campaigns/{campaign}/media-upload', 'a program', {}, [{ field: 'file', fileName: 'foto.png', type: 'image/png', content: EXE }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/campaigns/{campaign}/media-upload', 'no file part', { typeArch: 'campaign' }, []),
  ],
  'DELETE /campaigns/:id/media-upload': [...badIds('DELETE', (id) => `/campaigns/${id}/media-upload`), { name: 'no such campaign', req: { method: 'DELETE', url: '/campaigns/999999/media-upload' }, status: 404 }],
  'GET /campaign-settings': [{ ...q('/campaign-settings', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /campaign-settings': [
    b('POST', '/campaign-settings', 'no settings', {}),
    b('POST', '/campaign-settings', 'messageInterval outside the options', { settings: { messageInterval: 7 } }),
    b('POST', '/campaign-settings', 'greaterInterval as text', { settings: { greaterInterval: 'muito' } }),
    b('POST', '/campaign-settings', 'variable without a key', { settings: { variables: [{ key: '', value: 'x' }] } }),
    b('POST', '/campaign-settings', 'variable key with spaces', { settings: { variables: [{ key: 'a b', value: 'x' }] } }),
    b('POST', '/campaign-settings', 'variables not a list', { settings: { variables: 'a=b' } }),
    ...bodyShapes('POST', '/campaign-settings'),
  ],
  'GET /prompt': [q('/prompt', 'page 0', 'pageNumber=0'), q('/prompt', 'page as text', 'pageNumber=abc'), q('/prompt', 'search too long', `searchParam=${long(101)}`)],
  'GET /prompt/:id': [...badIds('GET', (id) => `/prompt/${id}`), { name: 'no such prompt', req: { method: 'GET', url: '/prompt/999999' }, status: 404 }],
  'POST /prompt': [
    b('POST', '/prompt', 'missing fields', {}),
    b('POST', '/prompt', 'name under 5 characters', { ...promptOk, name: 'abcd' }),
    b('POST', '/prompt', 'name too long', { ...promptOk, name: long(101) }),
    b('POST', '/prompt', 'prompt under 50 characters', { ...promptOk, prompt: 'curto' }),
    b('POST', '/prompt', 'no queue', { ...promptOk, queueId: undefined }),
    b('POST', '/prompt', 'queue as text', { ...promptOk, queueId: 'abc' }),
    b('POST', '/prompt', 'queue beyond int4', { ...promptOk, queueId: INT4_OVER }),
    b('POST', '/prompt', 'unknown voice', { ...promptOk, voice: 'robô' }),
    b('POST', '/prompt', 'temperature 3', { ...promptOk, temperature: 3 }),
    b('POST', '/prompt', 'negative max tokens', { ...promptOk, maxTokens: -1 }),
    b('POST', '/prompt', 'max messages 0', { ...promptOk, maxMessages: 0 }),
    b('POST', '/prompt', 'base URL not http', { ...promptOk, baseUrl: 'javascript:alert(1)' }),
    b('POST', '/prompt', 'region with a slash', { ...promptOk, voiceRegion: 'evil.com/x' }),
    b('POST', '/prompt', 'redactPii not a boolean', { ...promptOk, redactPii: 'sim' }),
    b('POST', '/prompt', 'key too long', { ...promptOk, apiKey: long(501) }),
    b('POST', '/prompt', 'no such queue', { ...promptOk, queueId: 999999 }, { status: 404, error: 'ERR_NO_QUEUE_FOUND' }),
  ],
  'PUT /prompt/:id': [
    ...badIds('PUT', (id) => `/prompt/${id}`, { maxTokens: 10 }),
    b('PUT', '/prompt/{prompt}', 'name under 5 characters', { name: 'abcd' }),
    b('PUT', '/prompt/{prompt}', 'temperature as text', { temperature: 'quente' }),
    b('PUT', '/prompt/{prompt}', 'queue 0', { queueId: 0 }),
    b('PUT', '/prompt/{prompt}', 'no such queue', { queueId: 999999 }, { status: 404, error: 'ERR_NO_QUEUE_FOUND' }),
    { name: 'no such prompt', req: { method: 'PUT', url: '/prompt/999999', body: { maxTokens: 10 } }, status: 404 },
  ],
  'DELETE /prompt/:id': [...badIds('DELETE', (id) => `/prompt/${id}`), { name: 'no such prompt', req: { method: 'DELETE', url: '/prompt/999999' }, status: 404 }],
  'POST /auth/login': [
    b('POST', '/auth/login', 'missing fields', {}),
    b('POST', '/auth/login', 'not an e-mail', { email: 'nobody', password: 'x' }),
    b('POST', '/auth/login', 'wrong types', { email: ['a@b.co'], password: 123 }),
    b('POST', '/auth/login', 'huge password', { email: 'a@b.co', password: long(10_000) }),
    ...bodyShapes('POST', '/auth/login'),
  ],
  'GET /auth/me': [{ ...q('/auth/me', 'unknown query is ignored', 'x=%ZZ&y[]=1'), status: 200 }],
  'GET /tickets': [
    q('/tickets', 'unknown status', 'status=bogus'),
    q('/tickets', 'status twice', 'status=open&status=closed'),
    q('/tickets', 'page 0', 'pageNumber=0'),
    q('/tickets', 'page not a number', 'pageNumber=abc'),
    q('/tickets', 'showAll not a boolean', 'showAll=maybe'),
    q('/tickets', 'queueIds broken JSON', 'queueIds=[1,'),
    q('/tickets', 'queueIds not numbers', 'queueIds=a,b'),
    q('/tickets', 'queueIds negative', 'queueIds=-1'),
    q('/tickets', 'queueIds beyond integer', `queueIds=${INT4_OVER}`),
    q('/tickets', 'users beyond integer', `users=[${INT4_OVER}]`),
    q('/tickets', 'tags fraction', 'tags=1.5'),
    q('/tickets', 'tags with text', 'tags=[1,"a"]'),
    q('/tickets', 'tags broken JSON', 'tags=[1'),
    q('/tickets', 'tags zero', 'tags=[0]'),
    q('/tickets', 'users negative', 'users=[-3]'),
    q('/tickets', 'users as an object', 'users={"id":1}'),
    q('/tickets', 'updatedAt not a date', 'updatedAt=yesterday'),
    q('/tickets', 'search too long', `searchParam=${long(101)}`),
    q('/tickets', 'search with a NUL byte', 'searchParam=a%00b'),
  ],
  'GET /tickets/u/:uuid': [
    ...['abc', '123', '00000000-0000-0000-0000-00000000000g', 'null'].map((u) => q(`/tickets/u/${u}`, `uuid "${u}"`, '')),
    { ...q(`/tickets/u/${long(5000)}`, 'param over the router limit', ''), status: 414 },
    q('/tickets/u/%E0%A4%A', 'broken percent-encoding', ''),
  ],
  'GET /tickets/:id': badIds('GET', (id) => `/tickets/${id}`),
  'GET /tickets/:id/events': badIds('GET', (id) => `/tickets/${id}/events`),
  'POST /bot/replay': [
    b('POST', '/bot/replay', 'no target', { ticketId: '{ticket}' }),
    b('POST', '/bot/replay', 'two targets', { ticketId: '{ticket}', queueId: '{queue}', promptId: '{prompt}' }),
    b('POST', '/bot/replay', 'missing ticketId', { queueId: '{queue}' }),
    b('POST', '/bot/replay', 'ticketId as text', { ticketId: 'abc', queueId: '{queue}' }),
    b('POST', '/bot/replay', 'ticketId over int4', { ticketId: INT4_OVER, queueId: '{queue}' }),
    b('POST', '/bot/replay', 'queueId 0', { ticketId: '{ticket}', queueId: 0 }),
    b('POST', '/bot/replay', 'integrationId negative', { ticketId: '{ticket}', integrationId: -1 }),
    b('POST', '/bot/replay', 'an unknown field', { ticketId: '{ticket}', queueId: '{queue}', send: true }),
    b('POST', '/bot/replay', 'unknown prompt', { ticketId: '{ticket}', promptId: 99999999 }, { status: 404, error: 'ERR_NOT_FOUND' }),
    b('POST', '/bot/replay', 'unknown integration', { ticketId: '{ticket}', integrationId: 99999999 }, { status: 404, error: 'ERR_NO_INTEGRATION_FOUND' }),
    b('POST', '/bot/replay', 'unknown queue', { ticketId: '{ticket}', queueId: 99999999 }, { status: 404, error: 'ERR_NO_QUEUE_FOUND' }),
  ],
  'POST /tickets': [
    b('POST', '/tickets', 'missing contactId', {}),
    b('POST', '/tickets', 'contactId as text', { contactId: 'abc' }),
    b('POST', '/tickets', 'contactId negative', { contactId: -1 }),
    b('POST', '/tickets', 'contactId beyond integer', { contactId: INT4_OVER }),
    b('POST', '/tickets', 'queueId beyond integer', { contactId: '{contact}', queueId: INT4_OVER }),
    b('POST', '/tickets', 'status closed', { contactId: '{contact}', status: 'closed' }),
    b('POST', '/tickets', 'queueId object', { contactId: '{contact}', queueId: { id: 1 } }),
    ...bodyShapes('POST', '/tickets'),
  ],
  'POST /tickets/closeAll': [
    b('POST', '/tickets/closeAll', 'missing status', {}),
    b('POST', '/tickets/closeAll', 'closed is not closable', { status: 'closed' }),
    b('POST', '/tickets/closeAll', 'queue ids as text', { status: 'open', selectedQueueIds: '1,2' }),
    b('POST', '/tickets/closeAll', 'queue id 0', { status: 'open', selectedQueueIds: [0] }),
    b('POST', '/tickets/closeAll', 'queue id beyond integer', { status: 'open', selectedQueueIds: [INT4_OVER] }),
    b('POST', '/tickets/closeAll', 'too many queue ids', { status: 'open', selectedQueueIds: Array.from({ length: 501 }, (_, i) => i + 1) }),
    ...bodyShapes('POST', '/tickets/closeAll'),
  ],
  'PUT /tickets/:id': [
    ...badIds('PUT', (id) => `/tickets/${id}`, { status: 'open' }),
    b('PUT', '/tickets/{ticket}', 'nothing to change', {}),
    b('PUT', '/tickets/{ticket}', 'unknown status', { status: 'bogus' }),
    b('PUT', '/tickets/{ticket}', 'userId as text', { userId: 'x' }),
    b('PUT', '/tickets/{ticket}', 'queueId negative', { queueId: -5 }),
    b('PUT', '/tickets/{ticket}', 'userId beyond integer', { queueId: '{queue}', userId: INT4_OVER }),
    ...bodyShapes('PUT', '/tickets/{ticket}'),
  ],
  'DELETE /tickets/:id': badIds('DELETE', (id) => `/tickets/${id}`),
  'POST /tickets/:ticketId/read': badIds('POST', (id) => `/tickets/${id}/read`),
  'GET /messages/:id/media': badIds('GET', (id) => `/messages/${id}/media`),
  'GET /messages/:ticketId': [
    ...badIds('GET', (id) => `/messages/${id}`),
    q('/messages/{ticket}', 'page 0', 'pageNumber=0'),
    q('/messages/{ticket}', 'page beyond the limit', 'pageNumber=100001'),
  ],
  'POST /messages/:ticketId': [
    ...badIds('POST', (id) => `/messages/${id}`, { body: 'oi' }),
    b('POST', '/messages/{ticket}', 'missing body', {}),
    b('POST', '/messages/{ticket}', 'blank body', { body: '   ' }),
    b('POST', '/messages/{ticket}', 'body as number', { body: 123 }),
    b('POST', '/messages/{ticket}', 'body over 64 KiB', { body: long(65_537) }),
    b('POST', '/messages/{ticket}', 'body with a NUL byte', { body: NUL }),
    b('POST', '/messages/{ticket}', 'quotedMsg as text', { body: 'oi', quotedMsg: 'x' }),
    b('POST', '/messages/{ticket}', 'quotedMsg id as text', { body: 'oi', quotedMsg: { id: 'x' } }),
    ...bodyShapes('POST', '/messages/{ticket}'),
    form('/messages/{ticket}', 'multipart without files', { body: 'só texto' }, []),
    form('/messages/{ticket}', 'multipart with an empty file', {}, [{ fileName: 'vazio.pdf', type: 'application/pdf', content: '' }]),
    form('/messages/{ticket}', 'file under an unknown field', {}, [{ field: 'arquivo', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/messages/{ticket}', 'a program named as a picture', {}, [{ fileName: 'foto.jpg', type: 'image/jpeg', content: EXE }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/messages/{ticket}', 'a script', {}, [{ fileName: 'rodar.sh', type: 'text/plain', content: 'rm -rf /' }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/messages/{ticket}', 'a file over its kind limit', {}, [{ fileName: 'grande.pdf', type: 'application/pdf', content: PDF + 'x'.repeat(5000) }], { status: 413, error: 'ERR_FILE_TOO_LARGE' }),
    form('/messages/{ticket}', 'a file over the upload cap (UPLOAD_MAX_BYTES)', {}, [{ fileName: 'enorme.pdf', type: 'application/pdf', content: PDF + 'x'.repeat(9000) }], {
      status: 413,
      error: 'ERR_FILE_TOO_LARGE',
    }),
    form('/messages/{ticket}', 'more files than allowed', {}, Array.from({ length: 11 }, (_, i) => ({ fileName: `f${i}.pdf`, type: 'application/pdf', content: PDF })), { status: [400, 413] }),
    form('/messages/{ticket}', 'quotedMsg not an id', { quotedMsg: 'abc' }, [{ fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/messages/{ticket}', 'voice not a boolean', { voice: 'talvez' }, [{ fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/messages/{ticket}', 'medias as text, no file', { medias: 'a.pdf' }, []),
    { name: 'broken multipart body', req: { method: 'POST', url: '/messages/{ticket}', raw: '--XbalcaoX\r\nContent-Disposition: form-data; name="medias"; filename="a.pdf"\r\n\r\n%PDF', contentType: 'multipart/form-data; boundary=XbalcaoX' } },
  ],
  'POST /messages/edit/:messageId': [
    ...badIds('POST', (id) => `/messages/edit/${id}`, { body: 'novo' }),
    b('POST', '/messages/edit/{message}', 'missing body', {}),
    b('POST', '/messages/edit/{message}', 'blank body', { body: ' \n ' }),
    b('POST', '/messages/edit/{message}', 'body as number', { body: 5 }),
    b('POST', '/messages/edit/{message}', 'body over 64 KiB', { body: long(65_537) }),
    b('POST', '/messages/edit/{message}', 'read not a boolean', { body: 'novo', read: 'talvez' }),
    ...bodyShapes('POST', '/messages/edit/{message}'),
  ],
  'DELETE /messages/:id': badIds('DELETE', (id) => `/messages/${id}`),
  'POST /messages/:id/reactions': [
    ...badIds('POST', (id) => `/messages/${id}/reactions`, { type: '👍' }),
    b('POST', '/messages/{message}/reactions', 'missing type', {}),
    b('POST', '/messages/{message}/reactions', 'a word, not an emoji', { type: 'like' }),
    b('POST', '/messages/{message}/reactions', 'type as number', { type: 1 }),
    b('POST', '/messages/{message}/reactions', 'many emojis', { type: '👍'.repeat(40) }),
    ...bodyShapes('POST', '/messages/{message}/reactions'),
  ],
  'POST /message/forward': [
    b('POST', '/message/forward', 'missing fields', {}),
    b('POST', '/message/forward', 'messageId as text', { messageId: 'x', contactId: '{contact}' }),
    b('POST', '/message/forward', 'contactId negative', { messageId: '{message}', contactId: -1 }),
    b('POST', '/message/forward', 'contactId beyond integer', { messageId: '{message}', contactId: INT4_OVER }),
    b('POST', '/message/forward', 'signMessage not a boolean', { messageId: '{message}', contactId: '{contact}', signMessage: 'sim' }),
    ...bodyShapes('POST', '/message/forward'),
  ],
  'GET /contacts': [
    q('/contacts', 'search too long', `searchParam=${long(101)}`),
    q('/contacts', 'page negative', 'pageNumber=-1'),
    q('/contacts', 'search with a NUL byte', 'searchParam=a%00b'),
  ],
  'GET /contacts/:id': badIds('GET', (id) => `/contacts/${id}`),
  'POST /contacts': [
    b('POST', '/contacts', 'missing fields', {}),
    b('POST', '/contacts', 'name too short', { name: 'a', number: '5511999990000' }),
    b('POST', '/contacts', 'name huge', { name: long(10_000), number: '5511999990000' }),
    b('POST', '/contacts', 'number not digits', { name: 'Ana', number: 'abc' }),
    b('POST', '/contacts', 'number too long', { name: 'Ana', number: '5'.repeat(51) }),
    b('POST', '/contacts', 'bad e-mail', { name: 'Ana', number: '5511999990000', email: 'x' }),
    b('POST', '/contacts', 'extraInfo as text', { name: 'Ana', number: '5511999990000', extraInfo: 'x' }),
    b('POST', '/contacts', 'extraInfo item empty', { name: 'Ana', number: '5511999990000', extraInfo: [{}] }),
    b('POST', '/contacts', 'name with a NUL byte', { name: NUL, number: '5511999990000' }),
    ...bodyShapes('POST', '/contacts'),
  ],
  'GET /contacts/list': [{ ...q('/contacts/list', "the spec's companyId is accepted (and ignored)", 'companyId=999999'), status: 200 }, q('/contacts/list', 'companyId not a number', 'companyId=abc')],
  'PUT /contacts/:id': [
    ...badIds('PUT', (id) => `/contacts/${id}`, { name: 'Ana' }),
    b('PUT', '/contacts/{contact}', 'name too short', { name: 'a' }),
    b('PUT', '/contacts/{contact}', 'number not digits', { number: 'abc' }),
    b('PUT', '/contacts/{contact}', 'bad e-mail', { email: 'x' }),
    b('PUT', '/contacts/{contact}', 'extraInfo item without a name', { extraInfo: [{ name: '', value: 'x' }] }),
    b('PUT', '/contacts/{contact}', 'extraInfo over 50 rows', { extraInfo: Array.from({ length: 51 }, (_, i) => ({ name: `c${i}`, value: '' })) }),
    b('PUT', '/contacts/{contact}', 'name with a NUL byte', { name: NUL }),
    ...bodyShapes('PUT', '/contacts/{contact}'),
  ],
  'DELETE /contacts/:id': badIds('DELETE', (id) => `/contacts/${id}`),
  'POST /contacts/upload': [
    b('POST', '/contacts/upload', 'JSON instead of a file', { file: 'x' }),
    { name: 'multipart without a file', req: { method: 'POST', url: '/contacts/upload', raw: '--X\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'an empty file', req: { method: 'POST', url: '/contacts/upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'a broken multipart body', req: { method: 'POST', url: '/contacts/upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'a zip that is no workbook', req: { method: 'POST', url: '/contacts/upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004${'\u0000'.repeat(60)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' } },
    {
      name: 'a file over the upload limit',
      req: { method: 'POST', url: '/contacts/upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${long(1_100_000)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' },
      status: 413,
    },
  ],
  'GET /contact-lists': [q('/contact-lists', 'page 0', 'pageNumber=0'), q('/contact-lists', 'page as text', 'pageNumber=abc'), q('/contact-lists', 'search too long', `searchParam=${long(101)}`)],
  'GET /contact-lists/list': [{ ...q('/contact-lists/list', "the spec client's companyId is ignored", 'companyId=1'), status: 200 }, q('/contact-lists/list', 'companyId as text', 'companyId=abc')],
  'GET /contact-lists/example.xlsx': [{ ...q('/contact-lists/example.xlsx', 'an unknown language gives pt-BR', 'language=xx'), status: 200 }, q('/contact-lists/example.xlsx', 'language too long', `language=${long(11)}`)],
  'GET /contact-lists/:id': [...badIds('GET', (id) => `/contact-lists/${id}`), { name: 'no such list', req: { method: 'GET', url: '/contact-lists/999999' }, status: 404 }],
  'POST /contact-lists': [
    b('POST', '/contact-lists', 'missing name', {}),
    b('POST', '/contact-lists', 'name of 1 character', { name: 'a' }),
    b('POST', '/contact-lists', 'name over 50', { name: long(51) }),
    b('POST', '/contact-lists', 'name as number', { name: 12 }),
    b('POST', '/contact-lists', 'name with a NUL byte', { name: NUL }),
    ...bodyShapes('POST', '/contact-lists'),
  ],
  'PUT /contact-lists/:id': [...badIds('PUT', (id) => `/contact-lists/${id}`, { name: 'Lista' }), b('PUT', '/contact-lists/{clist}', 'name over 50', { name: long(51) }), ...bodyShapes('PUT', '/contact-lists/{clist}')],
  'DELETE /contact-lists/:id': badIds('DELETE', (id) => `/contact-lists/${id}`),
  'POST /contact-lists/:id/upload': [
    ...badIds('POST', (id) => `/contact-lists/${id}/upload`),
    b('POST', '/contact-lists/{clist}/upload', 'JSON instead of a file', { file: 'x' }),
    { name: 'multipart without a file', req: { method: 'POST', url: '/contact-lists/{clist}/upload', raw: '--X\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'an empty file', req: { method: 'POST', url: '/contact-lists/{clist}/upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'a zip that is no workbook', req: { method: 'POST', url: '/contact-lists/{clist}/upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004${'\u0000'.repeat(60)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' } },
  ],
  'GET /contact-list-items': [
    q('/contact-list-items', 'no contactListId', 'pageNumber=1'),
    q('/contact-list-items', 'contactListId as text', 'contactListId=abc'),
    q('/contact-list-items', 'contactListId beyond int4', `contactListId=${INT4_OVER}`),
    q('/contact-list-items', 'page 0', 'contactListId={clist}&pageNumber=0'),
    q('/contact-list-items', 'search too long', `contactListId={clist}&searchParam=${long(101)}`),
  ],
  'GET /contact-list-items/:id': [...badIds('GET', (id) => `/contact-list-items/${id}`), { name: 'no such item', req: { method: 'GET', url: '/contact-list-items/999999' }, status: 404 }],
  'POST /contact-list-items': [
    b('POST', '/contact-list-items', 'missing fields', {}),
    b('POST', '/contact-list-items', 'name of 1 character', { name: 'a', number: '5511988887777', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'number of 7 digits', { name: 'Ana', number: '1234567', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'number over 50', { name: 'Ana', number: '1'.repeat(51), contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'number with letters', { name: 'Ana', number: '55119abc8887', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'invalid email', { name: 'Ana', number: '5511988887777', email: 'ana@', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'no list', { name: 'Ana', number: '5511988887777' }),
    b('POST', '/contact-list-items', 'list beyond int4', { name: 'Ana', number: '5511988887777', contactListId: INT4_OVER }),
    { ...b('POST', '/contact-list-items', 'unknown list', { name: 'Ana', number: '5511988887777', contactListId: 999999 }), status: 404, error: 'ERR_NOT_FOUND' },
    { ...b('POST', '/contact-list-items', 'a number the list has', { name: 'Outra', number: '5511988880000', contactListId: '{clist}' }), status: 409, error: 'ERR_DUPLICATED_RECORD' },
    ...bodyShapes('POST', '/contact-list-items'),
  ],
  'PUT /contact-list-items/:id': [
    ...badIds('PUT', (id) => `/contact-list-items/${id}`, { name: 'Ana', number: '5511988887777' }),
    b('PUT', '/contact-list-items/{clitem}', 'missing number', { name: 'Ana' }),
    b('PUT', '/contact-list-items/{clitem}', 'invalid email', { name: 'Ana', number: '5511988887777', email: 'x' }),
    ...bodyShapes('PUT', '/contact-list-items/{clitem}'),
  ],
  'DELETE /contact-list-items/:id': badIds('DELETE', (id) => `/contact-list-items/${id}`),
  'GET /files': [q('/files', 'page 0', 'pageNumber=0'), q('/files', 'page as text', 'pageNumber=abc'), q('/files', 'search too long', `searchParam=${long(101)}`)],
  'GET /files/:id': [...badIds('GET', (id) => `/files/${id}`), { name: 'no such list', req: { method: 'GET', url: '/files/999999' }, status: 404 }],
  'POST /files': [
    b('POST', '/files', 'missing fields', {}),
    b('POST', '/files', "name under 3 ('nome muito curto')", { name: 'ab', message: 'Olá' }),
    b('POST', '/files', 'no message', { name: 'Arquivos' }),
    b('POST', '/files', 'blank message', { name: 'Arquivos', message: '   ' }),
    b('POST', '/files', 'options not an array', { name: 'Arquivos', message: 'Olá', options: 'x' }),
    b('POST', '/files', 'eleven options', { name: 'Arquivos', message: 'Olá', options: Array.from({ length: 11 }, () => ({ name: 'o' })) }),
    b('POST', '/files', 'option id as text', { name: 'Arquivos', message: 'Olá', options: [{ id: 'abc', name: 'o' }] }),
    b('POST', '/files', 'option id of another list', { name: 'Arquivos', message: 'Olá', options: [{ id: '{fileOption}', name: 'o' }] }),
    b('POST', '/files', 'name with a NUL byte', { name: NUL, message: 'Olá' }),
    ...bodyShapes('POST', '/files'),
  ],
  'PUT /files/:id': [
    ...badIds('PUT', (id) => `/files/${id}`, { name: 'Arquivos', message: 'Olá' }),
    b('PUT', '/files/{fileList}', 'option id beyond int4', { name: 'Arquivos', message: 'Olá', options: [{ id: INT4_OVER, name: 'o' }] }),
    b('PUT', '/files/{fileList}', 'unknown option id', { name: 'Arquivos', message: 'Olá', options: [{ id: 999999, name: 'o' }] }),
    ...bodyShapes('PUT', '/files/{fileList}'),
  ],
  'POST /files/uploadList/:id': [
    ...badIds('POST', (id) => `/files/uploadList/${id}`),
    b('POST', '/files/uploadList/{fileList}', 'JSON instead of files', { files: 'x' }),
    form('/files/uploadList/{fileList}', 'no file part', { fileId: '1', typeArch: 'fileList', id: '{fileOption}' }, []),
    form('/files/uploadList/{fileList}', 'a file without its option id', { fileId: '1' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/files/uploadList/{fileList}', 'option id as text', { id: 'abc' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/files/uploadList/{fileList}', 'an option of no list', { id: '999999' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/files/uploadList/{fileList}', 'an empty file', { id: '{fileOption}' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: '' }]),
  ],
  'DELETE /files/:id': badIds('DELETE', (id) => `/files/${id}`),
  'GET /queue': [{ ...q('/queue', 'unknown query is ignored', 'x=%ZZ'), status: 200 }, { ...q('/queue', "the spec client's companyId is ignored", 'companyId=1'), status: 200 }, q('/queue', 'companyId too long', `companyId=${long(51)}`)],
  'POST /queue': [
    b('POST', '/queue', 'missing fields', {}),
    b('POST', '/queue', 'name as number', { name: 1, color: '#ffffff' }),
    b('POST', '/queue', 'color too short', { name: 'Fila', color: '#f' }),
    b('POST', '/queue', 'color huge', { name: 'Fila', color: long(1000) }),
    b('POST', '/queue', 'orderQueue negative', { name: 'Fila', color: '#ffffff', orderQueue: -1 }),
    b('POST', '/queue', 'greeting too long', { name: 'Fila', color: '#ffffff', greetingMessage: long(5001) }),
    ...bodyShapes('POST', '/queue'),
  ],
  'GET /queue/:id': [...badIds('GET', (id) => `/queue/${id}`), { name: 'no such queue', req: { method: 'GET', url: '/queue/999999' }, status: 404, error: 'ERR_NO_QUEUE_FOUND' }],
  'PUT /queue/:id': [
    ...badIds('PUT', (id) => `/queue/${id}`, { name: 'Fila' }),
    b('PUT', '/queue/{queue}', 'name too short', { name: 'A' }),
    b('PUT', '/queue/{queue}', 'name too long', { name: long(51) }),
    b('PUT', '/queue/{queue}', 'name with a NUL byte', { name: NUL }),
    b('PUT', '/queue/{queue}', 'colour as number', { color: 123456 }),
    b('PUT', '/queue/{queue}', 'orderQueue as words', { orderQueue: 'primeiro' }),
    b('PUT', '/queue/{queue}', 'integrationId 0', { integrationId: 0 }),
    { ...b('PUT', '/queue/{queue}', 'an unknown integration', { integrationId: 999999 }), status: 404 },
    b('PUT', '/queue/{queue}', 'promptId true', { promptId: true }),
    b('PUT', '/queue/{queue}', 'schedules not a list', { schedules: 'seg 8-18' }),
    b('PUT', '/queue/{queue}', 'a time without its leading zero', { schedules: [{ ...{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }, startTime: '8:00' }] }),
    b('PUT', '/queue/{queue}', 'a time past 23:59', { schedules: [{ ...{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }, endTime: '24:00' }] }),
    b('PUT', '/queue/{queue}', 'an unknown weekday', { schedules: [{ ...{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }, weekdayEn: 'funday' }] }),
    b('PUT', '/queue/{queue}', 'the same day twice', { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }, { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }] }),
    b('PUT', '/queue/{queue}', 'eight days', { schedules: Array.from({ length: 8 }, () => ({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' })) }),
    ...bodyShapes('PUT', '/queue/{queue}'),
  ],
  'DELETE /queue/:id': [...badIds('DELETE', (id) => `/queue/${id}`), { name: 'no such queue', req: { method: 'DELETE', url: '/queue/999999' }, status: 404, error: 'ERR_NO_QUEUE_FOUND' }],
  'POST /queue/:id/media-upload': [
    ...badIds('POST', (id) => `/queue/${id}/media-upload`),
    b('POST', '/queue/{queue}/media-upload', 'JSON instead of a file', { file: 'x' }),
    { name: 'no file part', req: { method: 'POST', url: '/queue/{queue}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nqueue\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'an empty file', req: { method: 'POST', url: '/queue/{queue}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'a truncated body', req: { method: 'POST', url: '/queue/{queue}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=X' } },
  ],
  'DELETE /queue/:id/media-upload': badIds('DELETE', (id) => `/queue/${id}/media-upload`),
  'GET /queue/:id/media': [...badIds('GET', (id) => `/queue/${id}/media`), { name: 'a queue without a file', req: { method: 'GET', url: '/queue/{queue}/media' }, status: 404 }],
  'GET /queue-options': [
    q('/queue-options', 'no queueId', ''),
    q('/queue-options', 'queueId not a number', 'queueId=abc'),
    q('/queue-options', 'queueId 0', 'queueId=0'),
    q('/queue-options', 'parentId 0', 'queueId={queue}&parentId=0'),
    q('/queue-options', 'parentId -2', 'queueId={queue}&parentId=-2'),
    q('/queue-options', 'parentId beyond an integer', `queueId={queue}&parentId=${INT4_OVER}`),
    { ...q('/queue-options', 'no such queue', 'queueId=999999'), status: 404, error: 'ERR_NO_QUEUE_FOUND' },
  ],
  'POST /queue-options': [
    b('POST', '/queue-options', 'missing fields', {}),
    b('POST', '/queue-options', 'no title', { queueId: '{queue}' }),
    b('POST', '/queue-options', 'blank title', { queueId: '{queue}', title: '   ' }),
    b('POST', '/queue-options', 'title too long', { queueId: '{queue}', title: long(101) }),
    b('POST', '/queue-options', 'queueId as text', { queueId: 'um', title: 'x' }),
    b('POST', '/queue-options', 'parentId 0', { queueId: '{queue}', parentId: 0, title: 'x' }),
    b('POST', '/queue-options', 'option too long', { queueId: '{queue}', title: 'x', option: long(21) }),
    b('POST', '/queue-options', 'option as object', { queueId: '{queue}', title: 'x', option: { n: 1 } }),
    b('POST', '/queue-options', 'message too long', { queueId: '{queue}', title: 'x', message: long(5001) }),
    { ...b('POST', '/queue-options', 'no such parent', { queueId: '{queue}', parentId: 999999, title: 'x' }), status: 404, error: 'ERR_NO_QUEUE_OPTION_FOUND' },
    ...bodyShapes('POST', '/queue-options'),
  ],
  'PUT /queue-options/:id': [
    ...badIds('PUT', (id) => `/queue-options/${id}`, { title: 'x' }),
    b('PUT', '/queue-options/{option}', 'blank title', { title: '' }),
    b('PUT', '/queue-options/{option}', 'title with a NUL byte', { title: NUL }),
    b('PUT', '/queue-options/{option}', 'option negative', { option: -1 }),
    ...bodyShapes('PUT', '/queue-options/{option}'),
  ],
  'DELETE /queue-options/:id': [...badIds('DELETE', (id) => `/queue-options/${id}`), { name: 'no such option', req: { method: 'DELETE', url: '/queue-options/999999' }, status: 404, error: 'ERR_NO_QUEUE_OPTION_FOUND' }],
  'POST /queue-options/:id/media-upload': [
    ...badIds('POST', (id) => `/queue-options/${id}/media-upload`),
    b('POST', '/queue-options/{option}/media-upload', 'JSON instead of a file', { file: 'x' }),
    { name: 'an empty file', req: { method: 'POST', url: '/queue-options/{option}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
  ],
  'DELETE /queue-options/:id/media-upload': badIds('DELETE', (id) => `/queue-options/${id}/media-upload`),
  'GET /queue-options/:id/media': [...badIds('GET', (id) => `/queue-options/${id}/media`), { name: 'an option without a file', req: { method: 'GET', url: '/queue-options/{option}/media' }, status: 404 }],
  'GET /users/list': [{ ...q('/users/list', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'GET /users': [
    q('/users', 'pageNumber 0', 'pageNumber=0'),
    q('/users', 'pageNumber as text', 'pageNumber=abc'),
    q('/users', 'pageNumber a fraction', 'pageNumber=1.5'),
    q('/users', 'searchParam too long', `searchParam=${long(101)}`),
    { ...q('/users', 'wildcards are only characters', 'searchParam=%25_%5C'), status: 200 },
  ],
  'DELETE /users/:id': [...badIds('DELETE', (id) => `/users/${id}`), { name: 'no such user', req: { method: 'DELETE', url: '/users/999999' }, status: 404 }],
  'GET /users/:id': [...badIds('GET', (id) => `/users/${id}`), { name: 'no such user', req: { method: 'GET', url: '/users/999999' }, status: 404 }],
  'GET /settings': [{ ...q('/settings', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'PUT /settings/:key': [
    b('PUT', '/settings/userRating', 'missing value', {}),
    b('PUT', '/settings/userRating', 'value as number', { value: 1 }),
    b('PUT', '/settings/userRating', 'empty value', { value: '  ' }),
    b('PUT', '/settings/userRating', 'value too long', { value: long(501) }),
    b('PUT', '/settings/userRating', 'on/off setting set to something else', { value: 'maybe' }),
    b('PUT', `/settings/${long(61)}`, 'key too long', { value: 'enabled' }),
    b('PUT', '/settings/bogus', 'unknown key', { value: 'enabled' }, { status: 404, error: 'ERR_NO_SETTING_FOUND' }),
    b('PUT', '/settings/scheduleType', 'scheduleType outside its choices', { value: 'enabled' }),
    b('PUT', '/settings/timezone', 'timezone not an IANA zone', { value: 'GMT+25' }),
    { ...b('PUT', '/settings/trial', 'trial of 30 days', { value: '30' }), as: 'super' },
  ],
  'GET /companies/:id': [...badIds('GET', (id) => `/companies/${id}`), { name: 'no such company', req: { method: 'GET', url: '/companies/999999' }, status: 404 }],
  'PUT /companies/:id/schedules': [
    ...badIds('PUT', (id) => `/companies/${id}/schedules`, { schedules: [] }),
    b('PUT', '/companies/{company}/schedules', 'missing schedules', { id: '{company}' }),
    b('PUT', '/companies/{company}/schedules', 'schedules as object', { schedules: { monday: '08:00' } }),
    b('PUT', '/companies/{company}/schedules', 'time without colon', { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '0800', endTime: '18:00' }] }),
    b('PUT', '/companies/{company}/schedules', 'hour 25', { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }] }),
    b('PUT', '/companies/{company}/schedules', 'unknown weekday', { schedules: [{ weekday: 'Dia', weekdayEn: 'funday', startTime: '08:00', endTime: '18:00' }] }),
    b('PUT', '/companies/{company}/schedules', 'a weekday twice', {
      schedules: [
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' },
      ],
    }),
    b('PUT', '/companies/{company}/schedules', 'eight days', { schedules: Array.from({ length: 8 }, () => ({ weekday: 'x', weekdayEn: 'monday', startTime: '', endTime: '' })) }),
    b('PUT', '/companies/{company}/schedules', 'time as number', { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: 800, endTime: '18:00' }] }),
    ...bodyShapes('PUT', '/companies/{company}/schedules'),
  ],
  'GET /audit-logs': [
    { ...q('/audit-logs', 'unknown query is ignored', 'x=%ZZ'), status: 200 },
    q('/audit-logs', 'unknown entity', 'entity=ticket'),
    q('/audit-logs', 'userId as text', 'userId=abc'),
    q('/audit-logs', 'userId beyond an integer', `userId=${INT4_OVER}`),
    q('/audit-logs', 'dateFrom not a date', 'dateFrom=ontem'),
    q('/audit-logs', 'dateTo impossible', 'dateTo=2026-02-30'),
    q('/audit-logs', 'pageNumber zero', 'pageNumber=0'),
    q('/audit-logs', 'pageNumber as text', 'pageNumber=x'),
    { ...q('/audit-logs', 'companyId of no company (super)', 'companyId=999999'), status: 200, as: 'super' },
    { ...q('/audit-logs', 'companyId as text (super)', 'companyId=abc'), as: 'super' },
  ],
  'GET /settings/viewregister': [{ ...q('/settings/viewregister', 'unknown query is ignored', 'x=1'), status: 200 }],
  'POST /users': [
    b('POST', '/users', 'missing fields', {}),
    b('POST', '/users', 'bad e-mail', { name: 'Ana', email: 'x', password: 'Secret123' }),
    b('POST', '/users', 'password too short', { name: 'Ana', email: 'ana@example.com', password: 'a' }),
    b('POST', '/users', 'unknown profile', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', profile: 'god' }),
    b('POST', '/users', 'queueIds as text', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', queueIds: 'x' }),
    b('POST', '/users', 'queueIds negative', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', queueIds: [-1] }),
    b('POST', '/users', 'whatsappId beyond integer', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', whatsappId: INT4_OVER }),
    b('POST', '/users', 'allTicket unknown', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', allTicket: 'maybe' }),
    ...bodyShapes('POST', '/users'),
  ],
  'PUT /users/:id': [
    ...badIds('PUT', (id) => `/users/${id}`, { name: 'Ana', email: 'ana@example.com' }),
    b('PUT', '/users/1', 'missing fields', {}),
    b('PUT', '/users/1', 'bad e-mail', { name: 'Ana', email: 'x' }),
    b('PUT', '/users/1', 'name too short', { name: 'A', email: 'ana@example.com' }),
    b('PUT', '/users/1', 'password too short', { name: 'Ana', email: 'ana@example.com', password: 'a' }),
    b('PUT', '/users/1', 'unknown profile', { name: 'Ana', email: 'ana@example.com', profile: 'god' }),
    b('PUT', '/users/1', 'queueIds as text', { name: 'Ana', email: 'ana@example.com', queueIds: 'x' }),
    b('PUT', '/users/1', 'whatsappId beyond integer', { name: 'Ana', email: 'ana@example.com', whatsappId: INT4_OVER }),
    b('PUT', '/users/1', 'allTicket unknown', { name: 'Ana', email: 'ana@example.com', allTicket: 'maybe' }),
    { name: 'no such user', req: { method: 'PUT', url: '/users/999999', body: { name: 'Ana', email: 'ana@example.com' } }, status: 404 },
    ...bodyShapes('PUT', '/users/1'),
  ],
  'GET /whatsapp': [q('/whatsapp', 'session 2', 'session=2'), q('/whatsapp', 'session not a number', 'session=abc')],
  'POST /whatsapp': [
    b('POST', '/whatsapp', 'missing name', {}),
    b('POST', '/whatsapp', 'name too short', { name: 'a' }),
    b('POST', '/whatsapp', 'unknown provider', { name: 'Zap', provider: 'telegram' }),
    b('POST', '/whatsapp', 'expiresTicket negative', { name: 'Zap', expiresTicket: -1 }),
    b('POST', '/whatsapp', 'isDefault as text', { name: 'Zap', isDefault: 'yes' }),
    b('POST', '/whatsapp', 'queueIds as text', { name: 'Zap', queueIds: 'x' }),
    b('POST', '/whatsapp', 'transferQueueId beyond integer', { name: 'Zap', transferQueueId: INT4_OVER }),
    b('POST', '/whatsapp', 'integrationId as text', { name: 'Zap', integrationId: 'abc' }),
    ...bodyShapes('POST', '/whatsapp'),
  ],
  'GET /ticket/kanban': [
    q('/ticket/kanban', 'queueIds broken JSON', 'queueIds=[1,'),
    q('/ticket/kanban', 'queueIds not ids', 'queueIds=%5B%22a%22%5D'),
    q('/ticket/kanban', 'queueIds beyond integer', `queueIds=${encodeURIComponent(JSON.stringify([INT4_OVER]))}`),
  ],
  'GET /tags/kanban': [{ ...q('/tags/kanban', 'an unknown query is ignored', 'x=%00'), status: 200 }],
  'PUT /ticket-tags/:ticketId/:tagId': [
    ...badIds('PUT', (id) => `/ticket-tags/${id}/{tag}`),
    ...badIds('PUT', (id) => `/ticket-tags/{ticket}/${id}`),
    { name: 'an unknown tag', req: { method: 'PUT', url: '/ticket-tags/{ticket}/999999' }, status: 404, error: 'ERR_NOT_FOUND' },
    { name: 'an unknown ticket', req: { method: 'PUT', url: '/ticket-tags/999999/{tag}' }, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  ],
  'DELETE /ticket-tags/:ticketId': [
    ...badIds('DELETE', (id) => `/ticket-tags/${id}`),
    { name: 'an unknown ticket', req: { method: 'DELETE', url: '/ticket-tags/999999' }, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  ],
  'GET /contacts/:id/opt-out': [...badIds('GET', (id) => `/contacts/${id}/opt-out`), { name: 'an unknown contact', req: { method: 'GET', url: '/contacts/999999/opt-out' }, status: 404, error: 'ERR_NO_CONTACT_FOUND' }],
  'PUT /contacts/:id/opt-out': [...badIds('PUT', (id) => `/contacts/${id}/opt-out`), { name: 'an unknown contact', req: { method: 'PUT', url: '/contacts/999999/opt-out' }, status: 404, error: 'ERR_NO_CONTACT_FOUND' }],
  'DELETE /contacts/:id/opt-out': [...badIds('DELETE', (id) => `/contacts/${id}/opt-out`), { name: 'an unknown contact', req: { method: 'DELETE', url: '/contacts/999999/opt-out' }, status: 404, error: 'ERR_NO_CONTACT_FOUND' }],
  'GET /whatsapp/:id/health': [...badIds('GET', (id) => `/whatsapp/${id}/health`), { name: 'an unknown connection', req: { method: 'GET', url: '/whatsapp/999999/health' }, status: 404, error: 'ERR_NO_WAPP_FOUND' }],
  'GET /whatsapp/:id': [...badIds('GET', (id) => `/whatsapp/${id}`), q('/whatsapp/{wa}', 'session 2', 'session=2')],
  'PUT /whatsapp/:id': [
    ...badIds('PUT', (id) => `/whatsapp/${id}`, { name: 'Zap' }),
    b('PUT', '/whatsapp/{wa}', 'name too short', { name: 'a' }),
    b('PUT', '/whatsapp/{wa}', 'integrationId as text', { integrationId: 'abc' }),
    { ...b('PUT', '/whatsapp/{wa}', 'an unknown integration', { integrationId: 999999 }), status: 404 },
    b('PUT', '/whatsapp/{wa}', 'name too long', { name: long(51) }),
    b('PUT', '/whatsapp/{wa}', 'unknown provider', { provider: 'telegram' }),
    b('PUT', '/whatsapp/{wa}', 'maxUseBotQueues negative', { maxUseBotQueues: -1 }),
    b('PUT', '/whatsapp/{wa}', 'gate rate negative', { gateRatePerMinute: -1 }),
    b('PUT', '/whatsapp/{wa}', 'gate daily cap as text', { gateDailyCap: 'mil' }),
    b('PUT', '/whatsapp/{wa}', 'gate jitter fractional', { gateJitterMs: 1.5 }),
    b('PUT', '/whatsapp/{wa}', 'warm-up beyond 90 days', { gateWarmupDays: 91 }),
    b('PUT', '/whatsapp/{wa}', 'isDefault as text', { isDefault: 'yes' }),
    b('PUT', '/whatsapp/{wa}', 'queueIds as text', { queueIds: 'x' }),
    b('PUT', '/whatsapp/{wa}', 'queueIds beyond integer', { queueIds: [INT4_OVER] }),
    b('PUT', '/whatsapp/{wa}', 'greeting too long', { greetingMessage: long(5001) }),
    ...bodyShapes('PUT', '/whatsapp/{wa}'),
  ],
  'DELETE /whatsapp/:id': badIds('DELETE', (id) => `/whatsapp/${id}`),
  'POST /whatsappsession/:id': [
    ...badIds('POST', (id) => `/whatsappsession/${id}`),
    b('POST', '/whatsappsession/{wa}', 'phone with letters', { phoneNumber: '55619abc7777' }),
    b('POST', '/whatsappsession/{wa}', 'phone too short', { phoneNumber: '556199' }),
    b('POST', '/whatsappsession/{wa}', 'phone too long', { phoneNumber: '5'.repeat(16) }),
    b('POST', '/whatsappsession/{wa}', 'phone as a number', { phoneNumber: 5561988887777 }),
    ...bodyShapes('POST', '/whatsappsession/{wa}'),
  ],
  'PUT /whatsappsession/:id': badIds('PUT', (id) => `/whatsappsession/${id}`),
  'DELETE /whatsappsession/:id': badIds('DELETE', (id) => `/whatsappsession/${id}`),
  'POST /whatsapp-restart': [{ ...q('/whatsapp-restart', 'unknown query is ignored', 'x=%ZZ'), req: { method: 'POST', url: '/whatsapp-restart?x=%ZZ' }, status: 200 }],
  'GET /companies': [{ ...q('/companies', 'unknown query is ignored', 'x=%ZZ'), status: 200, as: 'super' }],
  'POST /companies': [
    { ...b('POST', '/companies', 'missing fields', {}), as: 'super' },
    { ...b('POST', '/companies', 'admin missing', { name: 'Nova Empresa' }), as: 'super' },
    { ...b('POST', '/companies', 'admin e-mail invalid', { name: 'Nova Empresa', admin: { name: 'Ana', email: 'x', password: 'Secret123' } }), as: 'super' },
    ...[
      ['due date not a date', { dueDate: 'tomorrow' }],
      ['unknown recurrence', { recurrence: 'DAILY' }],
      ['plan id as text', { planId: 'x' }],
      ['plan id beyond integer', { planId: INT4_OVER }],
      ['timezone that does not exist', { timezone: 'Mars/Olympus' }],
    ].map(([name, extra]) => ({
      ...b('POST', '/companies', name as string, { name: 'Nova Empresa', admin: { name: 'Ana', email: 'nova@example.com', password: 'Secret123' }, ...(extra as object) }),
      as: 'super' as const,
    })),
    ...bodyShapes('POST', '/companies').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'GET /companies/listPlan/:id': badIds('GET', (id) => `/companies/listPlan/${id}`).map((c) => ({ ...c, as: 'super' as const })),
  'GET /plans/list': [{ ...q('/plans/list', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  // Issue 14: public signup and password reset (registration is off here: a valid signup is 403).
  'GET /settings/allowregister': [{ ...q('/settings/allowregister', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'GET /settings/trial': [{ ...q('/settings/trial', 'unknown query is ignored', 'x=1'), status: 200 }],
  'GET /plans/signup': [{ ...q('/plans/signup', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /companies/cadastro': [
    ...[
      ['missing fields', {}],
      ['name of one character', { ...signupOk, name: 'A' }],
      ['e-mail not an e-mail', { ...signupOk, email: 'loja' }],
      ['password of 4 characters', { ...signupOk, password: '1234' }],
      ['phone of 12 digits', { ...signupOk, phone: '119876543210' }],
      ['plan as text', { ...signupOk, planId: 'básico' }],
      ['plan beyond int4', { ...signupOk, planId: INT4_OVER }],
      ['name with a NUL byte', { ...signupOk, name: NUL }],
    ].map(([name, body]) => b('POST', '/companies/cadastro', name as string, body)),
    b('POST', '/companies/cadastro', 'a valid body while registration is off', signupOk, { status: 403, error: 'ERR_SIGNUP_DISABLED' }),
    ...bodyShapes('POST', '/companies/cadastro'),
  ],
  'POST /forgetpassword/:email': [
    { name: 'not an e-mail', req: { method: 'POST', url: '/forgetpassword/nobody' } },
    // Over the router's 100-character parameter limit: 414 before the schema sees it.
    { name: 'e-mail over 120 characters', req: { method: 'POST', url: `/forgetpassword/${long(120)}%40example.com` }, status: [400, 414] },
    { name: 'an unknown e-mail: the same answer as a known one', req: { method: 'POST', url: '/forgetpassword/ninguem%40example.com' }, status: 200 },
  ],
  'POST /resetpasswords': [
    ...[
      ['missing fields', {}],
      ['code of 5 digits', { ...resetOk, token: '12345' }],
      ['code with letters', { ...resetOk, token: '12a456' }],
      ['password without a digit', { ...resetOk, newPassword: 'SemNumero' }],
      ['password of 7 characters', { ...resetOk, newPassword: 'Abcde12' }],
      ['password as number', { ...resetOk, newPassword: 12345678 }],
      ['e-mail not an e-mail', { ...resetOk, email: 'ana' }],
    ].map(([name, body]) => b('POST', '/resetpasswords', name as string, body)),
    b('POST', '/resetpasswords', 'no code was asked for', resetOk, { error: 'ERR_INVALID_RESET_CODE' }),
    ...bodyShapes('POST', '/resetpasswords'),
  ],
  'POST /resetpasswords/:email/:token/:newPassword': [
    { name: 'values in the path: use the body', req: { method: 'POST', url: '/resetpasswords/ana%40example.com/123456/Segredo123' }, error: 'ERR_RESET_IN_PATH' },
    { name: 'a segment over 200 characters', req: { method: 'POST', url: `/resetpasswords/a/123456/${long(201)}` }, status: [400, 414] },
  ],
  'GET /plans/all': [{ ...q('/plans/all', 'unknown query is ignored', 'x=%ZZ'), status: 200, as: 'super' }],
  'GET /plans/:id': [...badIds('GET', (id) => `/plans/${id}`), { name: 'no such plan', req: { method: 'GET', url: '/plans/999999' }, status: 404 }],
  'POST /plans': [
    ...[
      ['missing fields', {}],
      ['name of one character', { ...planOk, name: 'P' }],
      ['name over 100 characters', { ...planOk, name: long(101) }],
      ['negative users', { ...planOk, users: -1 }],
      ['fractional connections', { ...planOk, connections: 1.5 }],
      ['queues as text', { ...planOk, queues: 'muitas' }],
      ['users beyond the limit', { ...planOk, users: INT4_OVER }],
      ['negative value', { ...planOk, value: -10 }],
      ['value as text', { ...planOk, value: 'R$ 10' }],
      ['flag as "yes"', { ...planOk, useKanban: 'yes' }],
      ['flag as null', { ...planOk, useCampaigns: null }],
    ].map(([name, body]) => ({ ...b('POST', '/plans', name as string, body), as: 'super' as const })),
    ...bodyShapes('POST', '/plans').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'PUT /plans/:id': [
    ...badIds('PUT', (id) => `/plans/${id}`, planOk).map((c) => ({ ...c, as: 'super' as const })),
    { ...b('PUT', '/plans/1', 'negative queues', { ...planOk, queues: -2 }), as: 'super' },
    { ...b('PUT', '/plans/999999', 'no such plan', planOk), status: 404, as: 'super' },
    ...bodyShapes('PUT', '/plans/1').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'DELETE /plans/:id': [
    ...badIds('DELETE', (id) => `/plans/${id}`).map((c) => ({ ...c, as: 'super' as const })),
    { name: 'no such plan', req: { method: 'DELETE', url: '/plans/999999' }, status: 404, as: 'super' },
  ],
  'POST /sandbox/connections/:whatsappId/inbound': [
    ...badIds('POST', (id) => `/sandbox/connections/${id}/inbound`, { from: '5511999990000', body: 'oi' }),
    ...[
      ['from not digits', { from: 'abc', body: 'oi' }],
      ['from too short', { from: '123', body: 'oi' }],
      ['body as number', { from: '5511999990000', body: 123 }],
      ['empty message id', { from: '5511999990000', body: 'oi', id: ' ' }],
      ['body over 64 KiB', { from: '5511999990000', body: long(65_537) }],
      ['body with a NUL byte', { from: '5511999990000', body: NUL }],
      ['push name with a NUL byte', { from: '5511999990000', body: 'oi', name: NUL }],
      ['unknown kind', { from: '5511999990000', kind: 'gif' }],
      ['image without media', { from: '5511999990000', kind: 'image' }],
      ['media not base64', { from: '5511999990000', kind: 'image', media: { data: '%%%', mimetype: 'image/png' } }],
      ['media type not a MIME type', { from: '5511999990000', kind: 'image', media: { data: 'AAAA', mimetype: 'png' } }],
      ['media over the size limit', { from: '5511999990000', kind: 'document', media: { data: long(1_000_004), mimetype: 'application/pdf' } }],
      ['location without longitude', { from: '5511999990000', kind: 'location', latitude: -15.79 }],
      ['latitude out of range', { from: '5511999990000', kind: 'location', latitude: 91, longitude: 0 }],
      ['contact without the card', { from: '5511999990000', kind: 'contact' }],
      ['contact number not digits', { from: '5511999990000', kind: 'contact', contact: { name: 'Ana', number: '+55 (61)' } }],
    ].map(([name, body]) => b('POST', '/sandbox/connections/{wa}/inbound', name as string, body)),
    ...bodyShapes('POST', '/sandbox/connections/{wa}/inbound'),
  ],
  'GET /quick-messages/list': [
    { ...q('/quick-messages/list', "the spec client's companyId and userId are ignored", 'companyId=1&userId=2'), status: 200 },
    { ...q('/quick-messages/list', 'ids that are not numbers are ignored too', 'companyId=abc&userId=%20'), status: 200 },
  ],
  'GET /quick-messages': [
    q('/quick-messages', 'search too long', `searchParam=${long(101)}`),
    q('/quick-messages', 'page 0', 'pageNumber=0'),
    q('/quick-messages', 'page not a number', 'pageNumber=abc'),
    q('/quick-messages', 'search with a NUL byte', 'searchParam=a%00b'),
  ],
  'POST /quick-messages': [
    b('POST', '/quick-messages', 'missing shortcode', { message: 'x' }),
    b('POST', '/quick-messages', 'blank shortcode', { shortcode: '   ' }),
    b('POST', '/quick-messages', 'shortcode as number', { shortcode: 12 }),
    b('POST', '/quick-messages', 'shortcode too long', { shortcode: long(101) }),
    b('POST', '/quick-messages', 'shortcode with a NUL byte', { shortcode: NUL }),
    b('POST', '/quick-messages', 'message as object', { shortcode: 'ok1', message: { text: 'x' } }),
    b('POST', '/quick-messages', 'message over 64 KiB', { shortcode: 'ok2', message: long(65_537) }),
    b('POST', '/quick-messages', 'geral not a boolean', { shortcode: 'ok3', geral: 'sim' }),
    b('POST', '/quick-messages', 'status not a boolean', { shortcode: 'ok4', status: 2 }),
    { ...b('POST', '/quick-messages', 'shortcode already taken', { shortcode: 'FIXTURE' }), status: 409 },
    ...bodyShapes('POST', '/quick-messages'),
  ],
  'GET /quick-messages/:id': [...badIds('GET', (id) => `/quick-messages/${id}`), { name: 'no such record', req: { method: 'GET', url: '/quick-messages/999999' }, status: 404 }],
  'PUT /quick-messages/:id': [
    ...badIds('PUT', (id) => `/quick-messages/${id}`, { message: 'x' }),
    b('PUT', '/quick-messages/{quick}', 'blank shortcode', { shortcode: '' }),
    b('PUT', '/quick-messages/{quick}', 'shortcode as array', { shortcode: ['a'] }),
    b('PUT', '/quick-messages/{quick}', 'geral as text', { geral: 'yes' }),
    b('PUT', '/quick-messages/{quick}', 'message with a NUL byte', { message: NUL }),
    ...bodyShapes('PUT', '/quick-messages/{quick}'),
  ],
  'DELETE /quick-messages/:id': badIds('DELETE', (id) => `/quick-messages/${id}`),
  'POST /quick-messages/:id/media-upload': [
    ...badIds('POST', (id) => `/quick-messages/${id}/media-upload`),
    b('POST', '/quick-messages/{quick}/media-upload', 'JSON instead of a file', { file: 'x' }),
    {
      name: 'multipart without a file',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nquickMessage\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' },
    },
    {
      name: 'an empty file',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' },
    },
    {
      name: 'a broken multipart body',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=X' },
    },
    {
      name: 'a file over the upload limit',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${long(1_100_000)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' },
      status: 413,
    },
  ],
  'DELETE /quick-messages/:id/media-upload': badIds('DELETE', (id) => `/quick-messages/${id}/media-upload`),
  'GET /quick-messages/:id/media': [...badIds('GET', (id) => `/quick-messages/${id}/media`), { name: 'a record without a file', req: { method: 'GET', url: '/quick-messages/{quick}/media' }, status: 404 }],
  'GET /sandbox/connections/:whatsappId/outbox': [
    ...badIds('GET', (id) => `/sandbox/connections/${id}/outbox?to=5511999990000`),
    q('/sandbox/connections/{wa}/outbox', 'missing to', ''),
    q('/sandbox/connections/{wa}/outbox', 'to not digits', 'to=abc'),
  ],
  'GET /sandbox/connections/:whatsappId/sent': [
    ...badIds('GET', (id) => `/sandbox/connections/${id}/sent?to=5511999990000`),
    q('/sandbox/connections/{wa}/sent', 'missing to', ''),
    q('/sandbox/connections/{wa}/sent', 'to not digits', 'to=abc'),
  ],
  'POST /sandbox/connections/:whatsappId/presence': [
    ...badIds('POST', (id) => `/sandbox/connections/${id}/presence`, { from: '5511999990000', presence: 'composing' }),
    ...[
      ['from not digits', { from: 'abc', presence: 'composing' }],
      ['missing presence', { from: '5511999990000' }],
      ['unknown presence', { from: '5511999990000', presence: 'dancing' }],
      ['presence as number', { from: '5511999990000', presence: 1 }],
    ].map(([name, body]) => b('POST', '/sandbox/connections/{wa}/presence', name as string, body)),
    ...bodyShapes('POST', '/sandbox/connections/{wa}/presence'),
  ],
  'GET /dashboard': [
    q('/dashboard', 'days not a number', 'days=abc'),
    q('/dashboard', 'days negative', 'days=-3'),
    q('/dashboard', 'days over a year', 'days=367'),
    q('/dashboard', 'date_from not a date', 'date_from=ontem'),
    q('/dashboard', 'date_from not a real day', 'date_from=2026-02-30'),
    q('/dashboard', 'date_to without date_from', 'date_to=2026-03-01'),
    q('/dashboard', 'date_to before date_from', 'date_from=2026-03-10&date_to=2026-03-01'),
    q('/dashboard', 'a range over a year', 'date_from=2024-01-01&date_to=2026-01-01'),
    q('/dashboard', 'SQL in a date', "date_from=2026-01-01';drop"),
    q('/dashboard', 'date_from twice', 'date_from=2026-01-01&date_from=2026-01-02'),
    { ...q('/dashboard', "the spec client's days=0 is no period", 'days=0'), status: 200 },
  ],
  'GET /dashboard/ticketsUsers': [
    q('/dashboard/ticketsUsers', 'no dates', ''),
    q('/dashboard/ticketsUsers', 'finalDate missing', 'initialDate=2026-03-01'),
    q('/dashboard/ticketsUsers', 'a date with a time', 'initialDate=2026-03-01T00:00:00Z&finalDate=2026-03-02'),
    q('/dashboard/ticketsUsers', 'final before initial', 'initialDate=2026-03-10&finalDate=2026-03-01'),
    q('/dashboard/ticketsUsers', 'month 13', 'initialDate=2026-13-01&finalDate=2026-13-02'),
    { ...q('/dashboard/ticketsUsers', "the spec client's companyId is ignored", 'initialDate=2026-03-01&finalDate=2026-03-02&companyId=abc'), status: 200 },
  ],
  'GET /dashboard/ticketsDay': [
    q('/dashboard/ticketsDay', 'no dates', ''),
    q('/dashboard/ticketsDay', 'initialDate not a date', 'initialDate=hoje&finalDate=2026-03-02'),
    q('/dashboard/ticketsDay', 'a range over a year', 'initialDate=2020-01-01&finalDate=2026-03-02'),
    q('/dashboard/ticketsDay', 'a NUL byte', 'initialDate=2026-03-01%00&finalDate=2026-03-02'),
  ],
  'GET /dashboard/onboarding': [{ ...q('/dashboard/onboarding', 'unknown params are ignored', 'x=1'), status: 200 }],
  'GET /ticket/reports': [
    q('/ticket/reports', 'page 0', 'page=0'),
    q('/ticket/reports', 'pageSize over 100', 'pageSize=101'),
    q('/ticket/reports', 'status unknown', 'status=["bogus"]'),
    q('/ticket/reports', 'status broken JSON', 'status=["open"'),
    q('/ticket/reports', 'queueIds not numbers', 'queueIds=["a"]'),
    q('/ticket/reports', 'users negative', 'users=[-1]'),
    q('/ticket/reports', 'whatsappId beyond an integer', `whatsappId=[${INT4_OVER}]`),
    q('/ticket/reports', 'contactId not a number', 'contactId=abc'),
    q('/ticket/reports', 'dateFrom not a date', 'dateFrom=ontem'),
    q('/ticket/reports', 'dateTo before dateFrom', 'dateFrom=2026-03-10&dateTo=2026-03-01'),
    q('/ticket/reports', 'onlyRated not a boolean', 'onlyRated=maybe'),
    q('/ticket/reports', 'search too long', `searchParam=${long(101)}`),
    q('/ticket/reports', 'search with a NUL byte', 'searchParam=a%00b'),
    { ...q('/ticket/reports', 'search with LIKE wildcards is text', 'searchParam=%25_%5C'), status: 200 },
  ],
  'GET /queueIntegration': [
    q('/queueIntegration', 'pageNumber 0', 'pageNumber=0'),
    q('/queueIntegration', 'pageNumber as text', 'pageNumber=abc'),
    q('/queueIntegration', 'searchParam too long', `searchParam=${long(101)}`),
    { ...q('/queueIntegration', 'search with LIKE wildcards is text', 'searchParam=%25_%5C'), status: 200 },
  ],
  'POST /queueIntegration': [
    b('POST', '/queueIntegration', 'missing name', { type: 'webhook' }),
    b('POST', '/queueIntegration', 'name of one character', { name: 'a', type: 'webhook' }),
    b('POST', '/queueIntegration', 'name over 50', { name: long(51), type: 'webhook' }),
    b('POST', '/queueIntegration', 'name with a NUL byte', { name: NUL, type: 'webhook' }),
    b('POST', '/queueIntegration', 'missing type', { name: 'Sem tipo' }),
    b('POST', '/queueIntegration', 'unknown type', { name: 'Tipo ruim', type: 'zapier' }),
    b('POST', '/queueIntegration', 'url not http(s)', { name: 'Url ruim', type: 'webhook', urlN8N: 'file:///etc/passwd' }),
    b('POST', '/queueIntegration', 'url not a url', { name: 'Url ruim', type: 'webhook', urlN8N: 'not a url' }),
    b('POST', '/queueIntegration', 'language not offered', { name: 'Lingua', type: 'dialogflow', language: 'fr' }),
    b('POST', '/queueIntegration', 'negative typebotExpires', { name: 'Expira', type: 'typebot', typebotExpires: -1 }),
    b('POST', '/queueIntegration', 'typebotDelayMessage as words', { name: 'Atraso', type: 'typebot', typebotDelayMessage: 'um segundo' }),
    b('POST', '/queueIntegration', 'jsonContent that is not a service account', { name: 'Dialog', type: 'dialogflow', jsonContent: '{"a":1}' }),
    b('POST', '/queueIntegration', 'jsonContent over 20,000 characters', { name: 'Dialog', type: 'dialogflow', jsonContent: long(20_001) }),
    { ...b('POST', '/queueIntegration', 'name already taken (other case)', { name: 'FIXTURE', type: 'n8n' }), status: 409 },
    ...bodyShapes('POST', '/queueIntegration'),
  ],
  'GET /queueIntegration/:id': [...badIds('GET', (id) => `/queueIntegration/${id}`), { name: 'no such integration', req: { method: 'GET', url: '/queueIntegration/999999' }, status: 404 }],
  'PUT /queueIntegration/:id': [
    ...badIds('PUT', (id) => `/queueIntegration/${id}`, { name: 'Integração' }),
    b('PUT', '/queueIntegration/{integration}', 'name of one character', { name: 'a' }),
    b('PUT', '/queueIntegration/{integration}', 'unknown type', { type: 'zapier' }),
    b('PUT', '/queueIntegration/{integration}', 'url not a url', { urlN8N: 'javascript:alert(1)' }),
    { ...b('PUT', '/queueIntegration/999999', 'no such integration', { name: 'Integração' }), status: 404 },
    ...bodyShapes('PUT', '/queueIntegration/{integration}'),
  ],
  'DELETE /queueIntegration/:id': [...badIds('DELETE', (id) => `/queueIntegration/${id}`), { name: 'no such integration', req: { method: 'DELETE', url: '/queueIntegration/999999' }, status: 404 }],
  'POST /queueIntegration/testSession': [
    b('POST', '/queueIntegration/testSession', 'missing projectName', { jsonContent: '{}' }),
    b('POST', '/queueIntegration/testSession', 'language not offered', { projectName: 'p', language: 'xx' }),
    b('POST', '/queueIntegration/testSession', 'id as text', { projectName: 'p', id: 'abc' }),
    { ...b('POST', '/queueIntegration/testSession', 'jsonContent not a service account', { projectName: 'p', jsonContent: 'nope' }), error: 'ERR_INTEGRATION_TEST_FAILED' },
    { ...b('POST', '/queueIntegration/testSession', 'an unknown integration', { projectName: 'p', id: 999999 }), status: 404 },
    ...bodyShapes('POST', '/queueIntegration/testSession'),
  ],
  'GET /tags/list': [{ ...q('/tags/list', "the spec client's companyId is ignored", 'companyId=abc'), status: 200 }],
  'POST /tags': [
    b('POST', '/tags', 'missing name', { color: '#ff0000' }),
    b('POST', '/tags', 'blank name', { name: '   ' }),
    b('POST', '/tags', 'name under 3 characters', { name: 'ab' }),
    b('POST', '/tags', 'name as number', { name: 123 }),
    b('POST', '/tags', 'name too long', { name: long(101) }),
    b('POST', '/tags', 'name with a NUL byte', { name: NUL }),
    b('POST', '/tags', 'colour not a colour', { name: 'Cor ruim', color: 'red; drop' }),
    b('POST', '/tags', 'kanban not a boolean', { name: 'Kanban ruim', kanban: 'sim' }),
    { ...b('POST', '/tags', 'name already taken (other case)', { name: 'FIXTURE' }), status: 409 },
    ...bodyShapes('POST', '/tags'),
  ],
  'GET /tags': [
    q('/tags', 'pageNumber 0', 'pageNumber=0'),
    q('/tags', 'pageNumber as text', 'pageNumber=abc'),
    q('/tags', 'searchParam too long', `searchParam=${long(101)}`),
    { ...q('/tags', "the spec client's companyId is ignored", 'companyId=abc&searchParam=%25'), status: 200 },
  ],
  'GET /tags/:id': [...badIds('GET', (id) => `/tags/${id}`), { name: 'no such tag', req: { method: 'GET', url: '/tags/999999' }, status: 404 }],
  'PUT /tags/:id': [
    ...badIds('PUT', (id) => `/tags/${id}`, { name: 'Etiqueta' }),
    b('PUT', '/tags/{tag}', 'missing name', { color: '#ff0000' }),
    b('PUT', '/tags/{tag}', 'name under 3 characters', { name: 'ab' }),
    b('PUT', '/tags/{tag}', 'name too long', { name: long(101) }),
    b('PUT', '/tags/{tag}', 'colour not a colour', { name: 'Cor ruim', color: 'url(x)' }),
    b('PUT', '/tags/{tag}', 'kanban not a boolean', { name: 'Kanban ruim', kanban: 2 }),
    { ...b('PUT', '/tags/999999', 'no such tag', { name: 'Etiqueta' }), status: 404 },
    ...bodyShapes('PUT', '/tags/{tag}'),
  ],
  'DELETE /tags/:id': [...badIds('DELETE', (id) => `/tags/${id}`), { name: 'no such tag', req: { method: 'DELETE', url: '/tags/999999' }, status: 404 }],
  'PUT /contacts/:id/tags': [
    ...badIds('PUT', (id) => `/contacts/${id}/tags`, { tagIds: [] }),
    b('PUT', '/contacts/{contact}/tags', 'missing tagIds', {}),
    b('PUT', '/contacts/{contact}/tags', 'tagIds not a list', { tagIds: '{tag}' }),
    b('PUT', '/contacts/{contact}/tags', 'a tag id of 0', { tagIds: [0] }),
    b('PUT', '/contacts/{contact}/tags', 'a tag id as text', { tagIds: ['abc'] }),
    b('PUT', '/contacts/{contact}/tags', 'a tag id over int4', { tagIds: [INT4_OVER] }),
    b('PUT', '/contacts/{contact}/tags', 'over 100 tags', { tagIds: Array.from({ length: 101 }, (_, i) => i + 1) }),
    { ...b('PUT', '/contacts/{contact}/tags', 'an unknown tag', { tagIds: [999999] }), status: 404 },
    ...bodyShapes('PUT', '/contacts/{contact}/tags'),
  ],
  'POST /contacts/import': [
    b('POST', '/contacts/import', 'whatsappId not a number', { whatsappId: 'abc' }),
    b('POST', '/contacts/import', 'whatsappId 0', { whatsappId: 0 }),
    b('POST', '/contacts/import', 'whatsappId negative', { whatsappId: -1 }),
    b('POST', '/contacts/import', 'whatsappId over int4', { whatsappId: INT4_OVER }),
    { ...b('POST', '/contacts/import', 'an unknown connection', { whatsappId: 999999 }), status: 404 },
    ...bodyShapes('POST', '/contacts/import'),
  ],
  'POST /tags/sync': [
    b('POST', '/tags/sync', 'missing ticketId', { tags: [] }),
    b('POST', '/tags/sync', 'ticketId not a number', { ticketId: 'abc', tags: [] }),
    b('POST', '/tags/sync', 'ticketId over int4', { ticketId: INT4_OVER, tags: [] }),
    b('POST', '/tags/sync', 'missing tags', { ticketId: '{ticket}' }),
    b('POST', '/tags/sync', 'tags not a list', { ticketId: '{ticket}', tags: '{tag}' }),
    b('POST', '/tags/sync', 'a tag without id', { ticketId: '{ticket}', tags: [{ name: 'x' }] }),
    b('POST', '/tags/sync', 'a tag id of 0', { ticketId: '{ticket}', tags: [{ id: 0 }] }),
    { ...b('POST', '/tags/sync', 'an unknown tag', { ticketId: '{ticket}', tags: [{ id: 999999 }] }), status: 404 },
    { ...b('POST', '/tags/sync', 'an unknown ticket', { ticketId: 999999, tags: [] }), status: 404 },
    ...bodyShapes('POST', '/tags/sync'),
  ],
  'GET /ticket-notes/list': [
    q('/ticket-notes/list', 'missing ticketId', ''),
    q('/ticket-notes/list', 'ticketId not a number', 'ticketId=abc'),
    q('/ticket-notes/list', 'ticketId over int4', `ticketId=${INT4_OVER}`),
    q('/ticket-notes/list', 'contactId not a number', 'ticketId={ticket}&contactId=x'),
    { ...q('/ticket-notes/list', 'an unknown ticket', 'ticketId=999999'), status: 404 },
    q('/ticket-notes/list', "a contact that is not the ticket's", 'ticketId={ticket}&contactId=999999'),
  ],
  'POST /ticket-notes': [
    b('POST', '/ticket-notes', 'missing note', { ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note of one character', { note: 'a', ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'blank note', { note: '    ', ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note as object', { note: { text: 'oi' }, ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note with a NUL byte', { note: NUL, ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note over 10,000 characters', { note: long(10_001), ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'missing ticketId', { note: 'Nota' }),
    b('POST', '/ticket-notes', 'ticketId as text', { note: 'Nota', ticketId: 'abc' }),
    b('POST', '/ticket-notes', "a contact that is not the ticket's", { note: 'Nota', ticketId: '{ticket}', contactId: 999999 }),
    { ...b('POST', '/ticket-notes', 'an unknown ticket', { note: 'Nota', ticketId: 999999 }), status: 404 },
    ...bodyShapes('POST', '/ticket-notes'),
  ],
  'DELETE /ticket-notes/:id': [...badIds('DELETE', (id) => `/ticket-notes/${id}`), { name: 'no such note', req: { method: 'DELETE', url: '/ticket-notes/999999' }, status: 404 }],
  // Billing (issue 14 §7).
  'GET /invoices/all': [
    q('/invoices/all', 'page 0', 'pageNumber=0'),
    q('/invoices/all', 'page not a number', 'pageNumber=abc'),
    q('/invoices/all', 'search too long', `searchParam=${long(101)}`),
    { ...q('/invoices/all', 'LIKE wildcards are text', 'searchParam=%25_%5C'), status: 200 },
    { ...q('/invoices/all', "the super user's list", 'pageNumber=2'), status: 200, as: 'super' },
  ],
  'GET /invoices/:id': [...badIds('GET', (id) => `/invoices/${id}`), { name: 'no such invoice', req: { method: 'GET', url: '/invoices/999999' }, status: 404, error: 'ERR_NO_INVOICE_FOUND' }],
  'GET /subscription': [{ ...q('/subscription', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /subscription': [
    b('POST', '/subscription', 'missing invoiceId', {}),
    b('POST', '/subscription', 'invoiceId as text', { invoiceId: 'abc' }),
    b('POST', '/subscription', 'invoiceId 0', { invoiceId: 0 }),
    b('POST', '/subscription', 'invoiceId beyond int4', { invoiceId: INT4_OVER }),
    b('POST', '/subscription', 'a CPF of 5 digits', { invoiceId: 1, cpfCnpj: '12345' }),
    b('POST', '/subscription', 'firstName over 100', { invoiceId: 1, firstName: long(101) }),
    b('POST', '/subscription', 'zipcode as a number', { invoiceId: 1, zipcode: 1234 }),
    { ...b('POST', '/subscription', 'no such invoice', { invoiceId: 999999, price: 0.01 }), status: 404, error: 'ERR_NO_INVOICE_FOUND' },
    ...bodyShapes('POST', '/subscription'),
  ],
  'POST /subscription/webhook/:provider': [
    b('POST', '/subscription/webhook/paypal', 'unknown provider', { id: 'evt', event: 'PAYMENT_RECEIVED', payment: { id: 'x' } }),
    { ...b('POST', '/subscription/webhook/sandbox', 'no provider token', { id: 'evt', event: 'PAYMENT_RECEIVED', payment: { id: 'x' } }), status: 401, error: 'ERR_INVALID_WEBHOOK' },
    { ...b('POST', '/subscription/webhook/sandbox', 'a wrong provider token', { id: 'evt' }), status: 401, error: 'ERR_INVALID_WEBHOOK' },
    ...bodyShapes('POST', '/subscription/webhook/sandbox').map((c) => (c.name === 'prototype pollution attempt' ? { ...c, status: [400, 401] } : c)),
  ],
  'POST /sandbox/payments/:chargeId/pay': [
    { name: 'chargeId with a slash-free path trick', req: { method: 'POST', url: '/sandbox/payments/..%2F..%2Fx/pay' }, as: 'super' },
    { name: 'chargeId with spaces', req: { method: 'POST', url: '/sandbox/payments/a%20b/pay' }, as: 'super' },
    { name: 'chargeId over 120', req: { method: 'POST', url: `/sandbox/payments/${long(121)}/pay` }, as: 'super', status: [400, 414] },
    { name: 'no such charge', req: { method: 'POST', url: '/sandbox/payments/sbx_0_none/pay' }, as: 'super', status: 404, error: 'ERR_NO_INVOICE_FOUND' },
    { name: 'an admin', req: { method: 'POST', url: '/sandbox/payments/sbx_0_none/pay' }, status: 403, error: 'ERR_NO_PERMISSION' },
  ],
};

describe('bad input on every route', () => {
  it('has a row for every route that needs a session, and no row for a route the app does not serve', () => {
    const keys = Object.keys(table).sort();
    expect(privateRouteKeys(app).filter((k) => !keys.includes(k))).toEqual([]);
    expect(keys.filter((k) => !allRouteKeys(app).includes(k))).toEqual([]);
  });

  for (const [route, cases] of Object.entries(table)) {
    for (const c of cases) {
      it(`${route} — ${c.name}`, async () => {
        const r = await send(app, c.as === 'super' ? superToken : co.adminToken, resolve(c.req));
        const allowed = [c.status ?? 400].flat();
        expect({ status: r.status, error: r.body.error ?? null }, r.text.slice(0, 300)).toEqual({
          status: allowed.includes(r.status) ? r.status : allowed[0],
          error: r.status === 200 ? null : (c.error ?? (r.status === 400 ? 'ERR_VALIDATION' : expect.stringMatching(/^ERR_/))),
        });
        if (r.body.issues) expect(r.body.issues.length).toBeGreaterThan(0);
      });
    }
  }
});
