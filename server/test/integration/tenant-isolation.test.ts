import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api } from '../helpers/world';
import { createTenant, freshContact, type Tenant } from '../helpers/tenants';
import { privateRouteKeys, send, type RawRequest, type RawResponse } from '../helpers/routes';
import { tamperToken } from '../helpers/sockets';
import { multipart } from '../helpers/form-parts';

// Company B's admin calls every route with company A's ids. A's records must stay invisible
// (404 with the entity's own code, never 403, never data) and untouched; lists answer only B's.

let app: TestApp;
let A: Tenant;
let B: Tenant;

beforeAll(async () => {
  app = await createTestApp();
  A = await createTenant(app, 'Alfa');
  B = await createTenant(app, 'Bravo');
});
afterAll(() => app.close());

type Check = (r: RawResponse) => void | Promise<void>;
interface Case {
  name: string;
  req: () => RawRequest | Promise<RawRequest>;
  expect: Check;
}

const get = (url: string): RawRequest => ({ method: 'GET', url });
const status = (r: RawResponse) => ({ status: r.status, error: r.body.error });
const answered =
  (code: number, error: string, then?: () => Promise<void>): Check =>
  async (r) => {
    expect(status(r)).toEqual({ status: code, error });
    expect(r.text).not.toContain(A.marker);
    await then?.();
  };
const notFound = (error: string, then?: () => Promise<void>) => answered(404, error, then);

/** 200, none of A's ids (nor A's names or phone) in the list, and B's own record present. */
const listed =
  (items: (body: RawResponse['body']) => unknown, aIds: () => number[], own?: () => number): Check =>
  (r) => {
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(A.marker);
    expect(r.text).not.toContain(A.phone);
    const ids = (items(r.body) as { id: number }[]).map((i) => i.id);
    expect(ids.filter((id) => aIds().includes(id))).toEqual([]);
    if (own) expect(ids).toContain(own());
  };
const emptyList = (items: (body: RawResponse['body']) => unknown): Check => (r) => {
  listed(items, () => [])(r);
  expect(items(r.body)).toEqual([]);
  expect(r.body.count).toBe(0);
};

/** A's ticket as the database has it (status, user, queue), to prove a refused call changed nothing. */
const aTicketUnchanged = async () => {
  const [t] = await app.owner`select status, user_id, queue_id from tickets where id = ${A.ticket.id}`;
  expect(t).toEqual({ status: 'pending', user_id: null, queue_id: A.queueId });
};
/** A's connection still there, still live, same name. */
const aConnectionUnchanged = async () => {
  const [w] = await app.owner`select name, status from whatsapps where id = ${A.c.whatsapp.id}`;
  expect(w).toEqual({ name: 'Sandbox', status: 'CONNECTED' });
  expect(app.sessions.get(A.c.whatsapp.id)).toBeDefined();
};
const aMessageCount = async () => (await app.owner`select count(*)::int as n from messages where company_id = ${A.c.companyId}`)[0]!.n as number;
/** A's message as it was: same body, not edited, deleted or reacted to. */
const aMessageUnchanged = async () => {
  const [m] = await app.owner`select is_edited, is_deleted, reactions from messages where id = ${A.messageId}`;
  expect(m).toEqual({ is_edited: false, is_deleted: false, reactions: [] });
};
const bOpenTicket = async (): Promise<TicketDto> =>
  (await api(app, B.c.adminToken).post<TicketDto>('/tickets', { contactId: await freshContact(app, B.c), status: 'open' })).body;

/** A's general quick message (with a stored file) and B's own, made once on first use. */
let quick: Promise<{ a: number; b: number }> | undefined;
const quickMessages = () =>
  (quick ??= (async () => {
    const made = await api(app, A.c.adminToken).post<{ id: number }>('/quick-messages', { shortcode: `atalho${A.marker}`, message: `Texto ${A.marker}`, geral: true });
    const name = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
    await app.owner`update quick_messages set media_path = ${name}, media_name = ${`${A.marker}.txt`} where id = ${made.body.id}`;
    const own = await api(app, B.c.adminToken).post<{ id: number }>('/quick-messages', { shortcode: 'atalhoB', geral: true });
    quickIds = { a: made.body.id, b: own.body.id };
    return quickIds;
  })());
let quickIds: { a: number; b: number } | undefined;
const aQuickUnchanged = async () => {
  const [q] = await app.owner`select shortcode, media_name from quick_messages where id = ${(await quickMessages()).a}`;
  expect(q).toEqual({ shortcode: `atalho${A.marker}`, media_name: `${A.marker}.txt` });
};
const aQuick = async () => (await quickMessages()).a;
const onAQuick = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/quick-messages/${await aQuick()}${suffix}`, body });

/** A's queue (with a stored file) and an option of it (with a file), made once on first use. */
let aQueueFix: Promise<{ option: number }> | undefined;
const aQueueWithOption = () =>
  (aQueueFix ??= (async () => {
    const file = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
    await app.owner`update queues set media_path = ${file}, media_name = ${`${A.marker}.txt`}, greeting_message = ${`Olá ${A.marker}`} where id = ${A.queueId}`;
    const [o] = await app.owner`insert into queue_options (company_id, queue_id, title, media_path, media_name) values (${A.c.companyId}, ${A.queueId}, ${`Opção ${A.marker}`}, ${file}, ${`${A.marker}.txt`}) returning id`;
    return { option: o!.id as number };
  })());
const aQueueUnchanged = async () => {
  const [q] = await app.owner`select name, media_name from queues where id = ${A.queueId}`;
  expect(q).toEqual({ name: `Fila ${A.marker}`, media_name: `${A.marker}.txt` });
  const [o] = await app.owner`select title, media_name from queue_options where id = ${(await aQueueWithOption()).option}`;
  expect(o).toEqual({ title: `Opção ${A.marker}`, media_name: `${A.marker}.txt` });
};
const onAQueue = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => (await aQueueWithOption(), { method, url: `/queue/${A.queueId}${suffix}`, body });
const onAOption = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/queue-options/${(await aQueueWithOption()).option}${suffix}`, body });
const pngUpload = (url: string): RawRequest => {
  const form = multipart([{ name: 'file', value: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64'), filename: 'b.png', contentType: 'image/png' }]);
  return { method: 'POST', url, raw: form.payload.toString('latin1'), contentType: form.contentType };
};

/** A's webhook integration (with a sealed secret), made once on first use. */
let aIntegrationFix: Promise<number> | undefined;
const aIntegration = () =>
  (aIntegrationFix ??= (async () =>
    (await api(app, A.c.adminToken).post<{ id: number }>('/queueIntegration', { name: `Integração ${A.marker}`, type: 'webhook', urlN8N: 'http://127.0.0.1:9/x', secret: `segredo-${A.marker}` })).body.id)());
const aIntegrationUnchanged = async () => {
  const [i] = await app.owner`select name, url_n8n from queue_integrations where id = ${await aIntegration()}`;
  expect(i).toEqual({ name: `Integração ${A.marker}`, url_n8n: 'http://127.0.0.1:9/x' });
};
const onAIntegration = (method: RawRequest['method'], body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/queueIntegration/${await aIntegration()}`, body });

/** A's contact as the database has it, to prove a refused call changed nothing. */
const aContactUnchanged = async () => {
  const [c] = await app.owner`select name, company_id from contacts where id = ${A.contactId}`;
  expect(c).toMatchObject({ company_id: A.c.companyId });
  expect(c!.name).toContain(A.marker);
};

/** A's open invoice with a live sandbox charge, and B's own, made once on first use. */
let invoicesFix: Promise<{ a: number; b: number }> | undefined;
let invoiceIds: { a: number; b: number } | undefined;
const invoices = () =>
  (invoicesFix ??= (async () => {
    const [a] = await app.owner`insert into invoices (company_id, detail, value, due_date, period, provider, charge_id, pix_code)
      values (${A.c.companyId}, ${`Fatura ${A.marker}`}, 99.9, current_date, '2030-01-01', 'sandbox', ${`sbx_${A.marker}`}, ${`pix-${A.marker}`}) returning id`;
    const [b] = await app.owner`insert into invoices (company_id, detail, value, due_date, period) values (${B.c.companyId}, 'Fatura B', 10, current_date, '2030-01-01') returning id`;
    invoiceIds = { a: a!.id as number, b: b!.id as number };
    return invoiceIds;
  })());
const aInvoiceUnchanged = async () => {
  const [i] = await app.owner`select status, charge_id, value::text as value from invoices where id = ${(await invoices()).a}`;
  expect(i).toEqual({ status: 'open', charge_id: `sbx_${A.marker}`, value: '99.90' });
  const [e] = await app.owner`select count(*)::int as n from payment_events where company_id = ${A.c.companyId}`;
  expect(e!.n).toBe(0);
};

/** A's tag (on A's ticket) and note, and B's own tag and note, made once on first use. */
let tagged: Promise<{ aTag: number; bTag: number; aNote: number; bNote: number }> | undefined;
const tagsAndNotes = () =>
  (tagged ??= (async () => {
    const a = api(app, A.c.adminToken);
    const b = api(app, B.c.adminToken);
    const aTag = (await a.post<{ id: number }>('/tags', { name: `Etiqueta ${A.marker}` })).body.id;
    await a.post('/tags/sync', { ticketId: A.ticket.id, tags: [{ id: aTag }] });
    const aNote = (await a.post<{ id: number }>('/ticket-notes', { note: `Nota ${A.marker}`, ticketId: A.ticket.id })).body.id;
    const bTag = (await b.post<{ id: number }>('/tags', { name: 'Etiqueta B' })).body.id;
    const bNote = (await b.post<{ id: number }>('/ticket-notes', { note: 'Nota B', ticketId: B.ticket.id })).body.id;
    return { aTag, bTag, aNote, bNote };
  })());
const aTagsAndNoteUnchanged = async () => {
  const { aTag, aNote } = await tagsAndNotes();
  // The search rows' own tag may sit on A's ticket too: A's tag must still be there.
  expect(await app.owner`select tag_id from ticket_tags where ticket_id = ${A.ticket.id}`).toContainEqual({ tag_id: aTag });
  expect((await app.owner`select note from ticket_notes where id = ${aNote}`)[0]?.note).toBe(`Nota ${A.marker}`);
};

/** A kanban tag of A's on A's ticket, and B's own kanban tag, made once on first use (issue 13 §7). */
let kanbanTags: Promise<{ aLane: number; bLane: number }> | undefined;
const lanes = () =>
  (kanbanTags ??= (async () => {
    const aLane = (await api(app, A.c.adminToken).post<{ id: number }>('/tags', { name: `Raia ${A.marker}`, kanban: true })).body.id;
    await api(app, A.c.adminToken).put(`/ticket-tags/${A.ticket.id}/${aLane}`);
    const bLane = (await api(app, B.c.adminToken).post<{ id: number }>('/tags', { name: 'Raia B', kanban: true })).body.id;
    return { aLane, bLane };
  })());
const aLaneUnchanged = async () => {
  const { aLane } = await lanes();
  expect(await app.owner`select tag_id from ticket_tags where ticket_id = ${A.ticket.id}`).toContainEqual({ tag_id: aLane });
  expect((await app.owner`select kanban from tags where id = ${aLane}`)[0]).toEqual({ kanban: 1 });
};
const noOptOutsInA = async () => {
  await aContactUnchanged();
  expect(await app.owner`select number from opt_outs where company_id = ${A.c.companyId}`).toEqual([]);
};

/** A tag of A's, on A's ticket, made once on first use. */
let aTagId: Promise<number> | undefined;
const aTag = () =>
  (aTagId ??= (async () => {
    const [t] = await app.owner`insert into tags (company_id, name) values (${A.c.companyId}, ${`Filtro ${A.marker}`}) returning id`;
    await app.owner`insert into ticket_tags (company_id, ticket_id, tag_id) values (${A.c.companyId}, ${A.ticket.id}, ${t!.id})`;
    return t!.id as number;
  })());
const tickets = (b: RawResponse['body']) => b.tickets;
const contacts = (b: RawResponse['body']) => b.contacts;
const itself = (b: RawResponse['body']) => b;

/** The plan A is on, as the database has it. */
const aPlanId = async () => (await app.owner`select plan_id from companies where id = ${A.c.companyId}`)[0]!.plan_id as number;
const aPlanUnchanged = async () => {
  const [p] = await app.owner`select name from plans where id = ${await aPlanId()}`;
  expect(p).toEqual({ name: 'Plano Padrão' });
};

/** A's AI prompt (with a key) and B's own, made once on first use. */
const PROMPT_TEXT = 'Você é a atendente virtual da empresa. Responda com educação e de forma breve.';
let promptFix: Promise<{ a: number; b: number }> | undefined;
const prompts = () =>
  (promptFix ??= (async () => {
    const a = await api(app, A.c.adminToken).post<{ id: number }>('/prompt', { name: `Prompt ${A.marker}`, prompt: PROMPT_TEXT, apiKey: `sk-${A.marker}-key`, queueId: A.queueId });
    const b = await api(app, B.c.adminToken).post<{ id: number }>('/prompt', { name: 'Prompt B', prompt: PROMPT_TEXT, queueId: B.queueId });
    return { a: a.body.id, b: b.body.id };
  })());
const aPromptUnchanged = async () => {
  const [p] = await app.owner`select name, queue_id from prompts where id = ${(await prompts()).a}`;
  expect(p).toEqual({ name: `Prompt ${A.marker}`, queue_id: A.queueId });
};

/** A's contact list with one item and A's file list with one stored option, B's own of each; made once. */
let listsFix: Promise<{ aList: number; aItem: number; bList: number; aFile: number; aOption: number; bFile: number }> | undefined;
const lists = () =>
  (listsFix ??= (async () => {
    const a = api(app, A.c.adminToken);
    const b = api(app, B.c.adminToken);
    const aList = (await a.post<{ id: number }>('/contact-lists', { name: `Lista ${A.marker}` })).body.id;
    const aItem = (await a.post<{ id: number }>('/contact-list-items', { name: `Pessoa ${A.marker}`, number: A.phone, contactListId: aList })).body.id;
    const bList = (await b.post<{ id: number }>('/contact-lists', { name: 'Lista B' })).body.id;
    const aFileList = (await a.post<{ id: number; options: { id: number }[] }>('/files', { name: `Arquivos ${A.marker}`, message: 'Olá', options: [{ name: 'Opção' }] })).body;
    const bFile = (await b.post<{ id: number }>('/files', { name: 'Arquivos B', message: 'Olá', options: [] })).body.id;
    return { aList, aItem, bList, aFile: aFileList.id, aOption: aFileList.options[0]!.id, bFile };
  })());
const aListsUnchanged = async () => {
  const f = await lists();
  expect(await app.owner`select name from contact_lists where id = ${f.aList}`).toEqual([{ name: `Lista ${A.marker}` }]);
  expect(await app.owner`select name, number from contact_list_items where id = ${f.aItem}`).toEqual([{ name: `Pessoa ${A.marker}`, number: A.phone }]);
  expect(await app.owner`select name from file_lists where id = ${f.aFile}`).toEqual([{ name: `Arquivos ${A.marker}` }]);
  expect(await app.owner`select name, path from file_options where id = ${f.aOption}`).toEqual([{ name: 'Opção', path: '' }]);
};
const sheetUpload = (url: string): RawRequest => {
  const form = multipart([{ name: 'file', value: Buffer.from(`nome;numero\nPlanilha B;${A.phone}\n`), filename: 'b.csv' }]);
  return { method: 'POST', url, raw: form.payload.toString('latin1'), contentType: form.contentType };
};
const optionUpload = (url: string, optionId: number): RawRequest => {
  const form = multipart([
    { name: 'fileId', value: '0' },
    { name: 'typeArch', value: 'fileList' },
    { name: 'files', value: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64'), filename: 'b.png', contentType: 'image/png' },
    { name: 'mediaType', value: 'image/png' },
    { name: 'name', value: 'Opção' },
    { name: 'id', value: String(optionId) },
  ]);
  return { method: 'POST', url, raw: form.payload.toString('latin1'), contentType: form.contentType };
};
/** A's campaign (a file, a variant and a variable holding A's marker) and B's own, made once on first use. */
let campaignFix: Promise<{ a: number; b: number; aTag: number }> | undefined;
const campaignsFx = () =>
  (campaignFix ??= (async () => {
    const a = await api(app, A.c.adminToken).post<{ id: number }>('/campaigns', { name: `Campanha ${A.marker}`.slice(0, 50), message1: `Oi ${A.marker}`, whatsappId: A.c.whatsapp.id });
    const file = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
    await app.owner`update campaigns set media_path = ${file}, media_name = ${`${A.marker}.txt`} where id = ${a.body.id}`;
    await api(app, A.c.adminToken).post('/campaign-settings', { settings: { variables: [{ key: 'segredo', value: A.marker }] } });
    const [tag] = await app.owner`insert into tags (company_id, name, color) values (${A.c.companyId}, ${`Etiqueta camp ${A.marker}`}, '#123456') returning id`;
    const b = await api(app, B.c.adminToken).post<{ id: number }>('/campaigns', { name: 'Campanha B' });
    return { a: a.body.id, b: b.body.id, aTag: tag!.id as number };
  })());
const aCampaignUnchanged = async () => {
  const [c] = await app.owner`select name, status, media_name from campaigns where id = ${(await campaignsFx()).a}`;
  expect(c).toEqual({ name: `Campanha ${A.marker}`.slice(0, 50), status: 'INATIVA', media_name: `${A.marker}.txt` });
};
const onACampaign = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/campaigns/${(await campaignsFx()).a}${suffix}`, body });

/** One row per route. A new route without a row fails the first test. */
/** A's schedule (a follow-up on A's ticket, with a stored image) and B's own, made once on first use. */
let scheduleFix: Promise<{ a: number; b: number }> | undefined;
const schedules = () =>
  (scheduleFix ??= (async () => {
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const a = await api(app, A.c.adminToken).post<{ id: number }>('/schedules', { body: `Lembrete ${A.marker}`, contactId: A.contactId, ticketId: A.ticket.id, cancelOnReply: true, sendAt });
    const file = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
    await app.owner`update schedules set media_path = ${file}, media_name = ${`${A.marker}.png`} where id = ${a.body.id}`;
    const b = await api(app, B.c.adminToken).post<{ id: number }>('/schedules', { body: 'Lembrete de B', contactId: B.contactId, sendAt });
    scheduleIds = { a: a.body.id, b: b.body.id };
    return scheduleIds;
  })());
let scheduleIds: { a: number; b: number } | undefined;
const aScheduleUnchanged = async () => {
  const [s] = await app.owner`select body, status, media_name, contact_id from schedules where id = ${(await schedules()).a}`;
  expect(s).toEqual({ body: `Lembrete ${A.marker}`, status: 'PENDENTE', media_name: `${A.marker}.png`, contact_id: A.contactId });
};
const onASchedule = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/schedules/${(await schedules()).a}${suffix}`, body });

const table: Record<string, Case[]> = {
  'GET /contact-lists': [
    { name: 'lists B only', req: async () => (await lists(), get('/contact-lists?searchParam=Lista')), expect: async (r) => {
      const f = await lists();
      listed((b) => b.records, () => [f.aList], () => f.bList)(r);
    } },
  ],
  'GET /contact-lists/list': [{ name: 'lists B only', req: async () => (await lists(), get(`/contact-lists/list?companyId=${A.c.companyId}`)), expect: async (r) => {
      const f = await lists();
      listed(itself, () => [f.aList], () => f.bList)(r);
    } }],
  'GET /contact-lists/example.xlsx': [{ name: 'a sheet of no company', req: () => get('/contact-lists/example.xlsx'), expect: (r) => {
      expect(r.status).toBe(200);
      expect(r.text).not.toContain(A.marker);
    } }],
  'GET /contact-lists/:id': [{ name: "A's list", req: async () => get(`/contact-lists/${(await lists()).aList}`), expect: notFound('ERR_NOT_FOUND') }],
  'POST /contact-lists': [{ name: "B's own list", req: () => ({ method: 'POST', url: '/contact-lists', body: { name: 'Outra lista B' } }), expect: async (r) => {
      expect(r.status).toBe(200);
      expect(r.body.companyId).toBe(B.c.companyId);
    } }],
  'PUT /contact-lists/:id': [{ name: "A's list", req: async () => ({ method: 'PUT', url: `/contact-lists/${(await lists()).aList}`, body: { name: 'Tomada' } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
  'DELETE /contact-lists/:id': [{ name: "A's list", req: async () => ({ method: 'DELETE', url: `/contact-lists/${(await lists()).aList}` }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
  'POST /contact-lists/:id/upload': [{ name: "A's list", req: async () => sheetUpload(`/contact-lists/${(await lists()).aList}/upload`), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
  'GET /contact-list-items': [{ name: "A's list", req: async () => get(`/contact-list-items?contactListId=${(await lists()).aList}`), expect: notFound('ERR_NOT_FOUND') }],
  'GET /contact-list-items/:id': [{ name: "A's item", req: async () => get(`/contact-list-items/${(await lists()).aItem}`), expect: notFound('ERR_NOT_FOUND') }],
  'POST /contact-list-items': [
    { name: "into A's list", req: async () => ({ method: 'POST', url: '/contact-list-items', body: { name: 'Intruso', number: '5511987650001', contactListId: (await lists()).aList } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
  ],
  'PUT /contact-list-items/:id': [
    { name: "A's item", req: async () => ({ method: 'PUT', url: `/contact-list-items/${(await lists()).aItem}`, body: { name: 'Tomado', number: '5511987650002' } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
  ],
  'DELETE /contact-list-items/:id': [{ name: "A's item", req: async () => ({ method: 'DELETE', url: `/contact-list-items/${(await lists()).aItem}` }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
  'GET /files': [{ name: 'lists B only', req: async () => (await lists(), get('/files?searchParam=Arquivos')), expect: async (r) => {
      const f = await lists();
      listed((b) => b.files, () => [f.aFile], () => f.bFile)(r);
    } }],
  'GET /files/:id': [{ name: "A's file list", req: async () => get(`/files/${(await lists()).aFile}`), expect: notFound('ERR_NOT_FOUND') }],
  'POST /files': [{ name: "B's own list", req: () => ({ method: 'POST', url: '/files', body: { name: 'Mais de B', message: 'Oi' } }), expect: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.companyId).toBe(B.c.companyId);
    } }],
  'PUT /files/:id': [
    { name: "A's file list", req: async () => ({ method: 'PUT', url: `/files/${(await lists()).aFile}`, body: { name: 'Tomada', message: 'x', options: [] } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
    {
      name: "A's option on B's list",
      req: async () => ({ method: 'PUT', url: `/files/${(await lists()).bFile}`, body: { name: 'Arquivos B', message: 'x', options: [{ id: (await lists()).aOption, name: 'Tomada' }] } }),
      expect: (r) => expect(status(r)).toEqual({ status: 400, error: 'ERR_VALIDATION' }),
    },
  ],
  'POST /files/uploadList/:id': [
    { name: "A's file list", req: async () => optionUpload(`/files/uploadList/${(await lists()).aFile}`, (await lists()).aOption), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
    {
      name: "A's option through B's list",
      req: async () => optionUpload(`/files/uploadList/${(await lists()).bFile}`, (await lists()).aOption),
      expect: async (r) => {
        expect(status(r)).toEqual({ status: 400, error: 'ERR_VALIDATION' });
        await aListsUnchanged();
      },
    },
  ],
  'DELETE /files/:id': [{ name: "A's file list", req: async () => ({ method: 'DELETE', url: `/files/${(await lists()).aFile}` }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
  'GET /schedules': [
    { name: 'lists B only', req: async () => (await schedules(), get('/schedules')), expect: listed((b) => b.schedules, () => [scheduleIds!.a], () => scheduleIds!.b) },
    { name: "searching A's text", req: async () => (await schedules(), get(`/schedules?searchParam=${A.marker}`)), expect: emptyList((b) => b.schedules) },
    { name: "A's ticket's follow-ups", req: async () => (await schedules(), get(`/schedules?ticketId=${A.ticket.id}`)), expect: emptyList((b) => b.schedules) },
    { name: "A's contact in a range", req: async () => (await schedules(), get(`/schedules?contactId=${A.contactId}&start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z`)), expect: emptyList((b) => b.schedules) },
  ],
  'POST /schedules': [
    { name: "A's contact", req: () => ({ method: 'POST', url: '/schedules', body: { body: 'Tomada de B', contactId: A.contactId, sendAt: '2030-01-01T10:00:00Z' } }), expect: notFound('ERR_NO_CONTACT_FOUND') },
    {
      name: "A's ticket as a follow-up",
      req: () => ({ method: 'POST', url: '/schedules', body: { body: 'Tomada de B', contactId: B.contactId, ticketId: A.ticket.id, cancelOnReply: true, sendAt: '2030-01-01T10:00:00Z' } }),
      expect: notFound('ERR_NO_TICKET_FOUND'),
    },
  ],
  'GET /schedules/:id': [{ name: "A's schedule", req: onASchedule('GET'), expect: notFound('ERR_NO_SCHEDULE_FOUND') }],
  'PUT /schedules/:id': [
    { name: "A's schedule", req: onASchedule('PUT', '', { body: 'Tomada por B' }), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) },
    { name: "A's contact on B's schedule", req: async () => ({ method: 'PUT', url: `/schedules/${(await schedules()).b}`, body: { contactId: A.contactId } }), expect: notFound('ERR_NO_CONTACT_FOUND') },
  ],
  'DELETE /schedules/:id': [{ name: "A's schedule", req: onASchedule('DELETE'), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) }],
  'POST /schedules/:id/media-upload': [{ name: "A's schedule", req: async () => pngUpload(`/schedules/${(await schedules()).a}/media-upload`), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) }],
  'DELETE /schedules/:id/media-upload': [{ name: "A's schedule", req: onASchedule('DELETE', '/media-upload'), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) }],
  'GET /campaigns': [
    {
      name: 'lists B only',
      req: async () => (await campaignsFx(), get('/campaigns')),
      expect: async (r) => {
        const ids = await campaignsFx();
        listed((b) => b.records, () => [ids.a], () => ids.b)(r);
      },
    },
  ],
  'POST /campaigns': [
    { name: "A's tag as the audience", req: async () => ({ method: 'POST', url: '/campaigns', body: { name: 'Camp de B', tagListId: (await campaignsFx()).aTag } }), expect: answered(400, 'ERR_VALIDATION', aCampaignUnchanged) },
    { name: "A's connection", req: async () => ({ method: 'POST', url: '/campaigns', body: { name: 'Camp de B', whatsappId: A.c.whatsapp.id } }), expect: answered(400, 'ERR_VALIDATION') },
  ],
  'GET /campaigns/:id': [{ name: "A's campaign", req: onACampaign('GET'), expect: notFound('ERR_NOT_FOUND') }],
  'PUT /campaigns/:id': [{ name: "A's campaign", req: onACampaign('PUT', '', { name: 'Tomada por B' }), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
  'DELETE /campaigns/:id': [{ name: "A's campaign", req: onACampaign('DELETE'), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
  'POST /campaigns/:id/cancel': [{ name: "A's campaign", req: onACampaign('POST', '/cancel', {}), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
  'POST /campaigns/:id/restart': [{ name: "A's campaign", req: onACampaign('POST', '/restart', {}), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
  'POST /campaigns/:id/media-upload': [{ name: "A's campaign", req: async () => pngUpload(`/campaigns/${(await campaignsFx()).a}/media-upload`), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
  'DELETE /campaigns/:id/media-upload': [{ name: "A's campaign", req: onACampaign('DELETE', '/media-upload'), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
  'GET /campaign-settings': [
    {
      name: "B's settings, never A's variables",
      req: async () => (await campaignsFx(), get('/campaign-settings')),
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
      },
    },
  ],
  'POST /campaign-settings': [
    {
      name: "B's save leaves A's variables alone",
      req: async () => (await campaignsFx(), { method: 'POST', url: '/campaign-settings', body: { settings: { variables: [{ key: 'segredo', value: 'de B' }] } } }),
      expect: async (r) => {
        expect(r.status).toBe(200);
        const [row] = await app.owner`select value from campaign_settings where company_id = ${A.c.companyId} and key = 'variables'`;
        expect(row!.value).toContain(A.marker);
      },
    },
  ],
  'GET /prompt': [
    {
      name: 'lists B only',
      req: async () => (await prompts(), get('/prompt?searchParam=Prompt')),
      expect: async (r) => {
        const ids = await prompts();
        listed((b) => b.prompts, () => [ids.a], () => ids.b)(r);
      },
    },
  ],
  'GET /prompt/:id': [{ name: "A's prompt", req: async () => get(`/prompt/${(await prompts()).a}`), expect: notFound('ERR_NOT_FOUND') }],
  'POST /prompt': [
    {
      name: "A's queue",
      req: async () => (await prompts(), { method: 'POST', url: '/prompt', body: { name: 'Prompt de B', prompt: PROMPT_TEXT, queueId: A.queueId } }),
      expect: notFound('ERR_NO_QUEUE_FOUND', aPromptUnchanged),
    },
  ],
  'PUT /prompt/:id': [
    { name: "A's prompt", req: async () => ({ method: 'PUT', url: `/prompt/${(await prompts()).a}`, body: { name: 'Tomado por B' } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
    { name: "A's queue on B's prompt", req: async () => ({ method: 'PUT', url: `/prompt/${(await prompts()).b}`, body: { queueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
  ],
  'DELETE /prompt/:id': [{ name: "A's prompt", req: async () => ({ method: 'DELETE', url: `/prompt/${(await prompts()).a}` }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) }],
  'GET /tags/list': [{ name: 'lists B only', req: async () => (await tagsAndNotes(), get(`/tags/list?companyId=${A.c.companyId}`)), expect: async (r) => {
      const ids = await tagsAndNotes();
      listed(itself, () => [ids.aTag], () => ids.bTag)(r);
    } }],
  'POST /tags': [
    {
      name: "A's tag name is free in B, and A's tag stays",
      req: async () => (await tagsAndNotes(), { method: 'POST', url: '/tags', body: { name: `Etiqueta ${A.marker}` } }),
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect(r.body.id).not.toBe((await tagsAndNotes()).aTag);
        await aTagsAndNoteUnchanged();
      },
    },
  ],
  'GET /tags': [
    // B may hold a tag named like A's (the POST /tags row): ids and counts tell them apart.
    { name: 'lists B only, with counts', req: async () => (await tagsAndNotes(), get(`/tags?searchParam=Etiqueta&companyId=${A.c.companyId}`)), expect: async (r) => {
        const ids = await tagsAndNotes();
        expect(r.status).toBe(200);
        const got = r.body.tags as { id: number; ticketsCount: number }[];
        expect(got.map((t) => t.id)).not.toContain(ids.aTag);
        expect(got.map((t) => t.id)).toContain(ids.bTag);
        expect(got.every((t) => t.ticketsCount === 0)).toBe(true);
        expect(r.body.count).toBe(got.length);
      } },
  ],
  'GET /tags/:id': [{ name: "A's tag", req: async () => get(`/tags/${(await tagsAndNotes()).aTag}`), expect: notFound('ERR_NOT_FOUND') }],
  'PUT /tags/:id': [
    {
      name: "A's tag",
      req: async () => ({ method: 'PUT', url: `/tags/${(await tagsAndNotes()).aTag}`, body: { name: 'Renomeada por B', kanban: 1 } }),
      expect: notFound('ERR_NOT_FOUND', async () => {
        const [t] = await app.owner`select name, kanban from tags where id = ${(await tagsAndNotes()).aTag}`;
        expect(t).toEqual({ name: `Etiqueta ${A.marker}`, kanban: 0 });
      }),
    },
  ],
  'DELETE /tags/:id': [{ name: "A's tag", req: async () => ({ method: 'DELETE', url: `/tags/${(await tagsAndNotes()).aTag}` }), expect: notFound('ERR_NOT_FOUND', aTagsAndNoteUnchanged) }],
  'POST /tags/sync': [
    { name: "A's ticket", req: async () => ({ method: 'POST', url: '/tags/sync', body: { ticketId: A.ticket.id, tags: [] } }), expect: notFound('ERR_NO_TICKET_FOUND', aTagsAndNoteUnchanged) },
    {
      name: "A's tag on B's ticket",
      req: async () => ({ method: 'POST', url: '/tags/sync', body: { ticketId: B.ticket.id, tags: [{ id: (await tagsAndNotes()).aTag }] } }),
      expect: notFound('ERR_NOT_FOUND', aTagsAndNoteUnchanged),
    },
  ],
  'GET /ticket-notes/list': [
    { name: "A's ticket", req: async () => (await tagsAndNotes(), get(`/ticket-notes/list?ticketId=${A.ticket.id}&contactId=${A.contactId}`)), expect: notFound('ERR_NO_TICKET_FOUND') },
    { name: "B's ticket lists B's notes only", req: async () => (await tagsAndNotes(), get(`/ticket-notes/list?ticketId=${B.ticket.id}`)), expect: async (r) => {
      const ids = await tagsAndNotes();
      listed(itself, () => [ids.aNote], () => ids.bNote)(r);
    } },
  ],
  'POST /ticket-notes': [
    { name: "A's ticket", req: async () => (await tagsAndNotes(), { method: 'POST', url: '/ticket-notes', body: { note: 'de B', ticketId: A.ticket.id } }), expect: notFound('ERR_NO_TICKET_FOUND', aTagsAndNoteUnchanged) },
  ],
  'DELETE /ticket-notes/:id': [{ name: "A's note", req: async () => ({ method: 'DELETE', url: `/ticket-notes/${(await tagsAndNotes()).aNote}` }), expect: notFound('ERR_NOT_FOUND', aTagsAndNoteUnchanged) }],
  'GET /auth/me': [
    {
      name: "answers with B's own user",
      req: () => get('/auth/me'),
      expect: (r) => {
        expect({ status: r.status, id: r.body.id, companyId: r.body.companyId }).toEqual({ status: 200, id: B.c.admin.id, companyId: B.c.companyId });
        expect(r.text).not.toContain(A.marker);
      },
    },
  ],
  'GET /tickets': [
    { name: 'showAll lists B only', req: () => get('/tickets?showAll=true&status=pending'), expect: listed(tickets, () => [A.ticket.id], () => B.ticket.id) },
    { name: "filtered by A's queue", req: () => get(`/tickets?showAll=true&queueIds=${A.queueId}`), expect: emptyList(tickets) },
    { name: "filtered by A's user", req: () => get(`/tickets?showAll=true&users=${A.user.id}`), expect: emptyList(tickets) },
    { name: "searching A's contact", req: () => get(`/tickets?showAll=true&searchParam=${A.marker}`), expect: emptyList(tickets) },
    { name: "searching words of A's message", req: () => get(`/tickets?showAll=true&searchParam=${encodeURIComponent(`Olá da ${A.marker}`)}`), expect: emptyList(tickets) },
    { name: "searching digits of A's number", req: () => get(`/tickets?showAll=true&searchParam=${A.phone.slice(-8)}`), expect: emptyList(tickets) },
    { name: "filtered by A's tag (on A's ticket)", req: async () => get(`/tickets?showAll=true&tags=[${await aTag()}]`), expect: emptyList(tickets) },
    { name: 'changed since a date lists B only', req: () => get('/tickets?showAll=true&updatedAt=2000-01-01T00:00:00Z'), expect: listed(tickets, () => [A.ticket.id], () => B.ticket.id) },
  ],
  'GET /tickets/u/:uuid': [{ name: "A's uuid", req: () => get(`/tickets/u/${A.ticket.uuid}`), expect: notFound('ERR_NO_TICKET_FOUND') }],
  'GET /tickets/:id': [{ name: "A's ticket", req: () => get(`/tickets/${A.ticket.id}`), expect: notFound('ERR_NO_TICKET_FOUND') }],
  'GET /tickets/:id/events': [{ name: "A's ticket's timeline", req: () => get(`/tickets/${A.ticket.id}/events`), expect: notFound('ERR_NO_TICKET_FOUND') }],
  'POST /bot/replay': [
    { name: "A's ticket with B's queue", req: () => ({ method: 'POST', url: '/bot/replay', body: { ticketId: A.ticket.id, queueId: B.queueId } }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) },
    { name: "B's ticket with A's queue", req: async () => (await aQueueWithOption(), { method: 'POST', url: '/bot/replay', body: { ticketId: B.ticket.id, queueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) },
    {
      name: "B's ticket with A's integration",
      req: async () => ({ method: 'POST', url: '/bot/replay', body: { ticketId: B.ticket.id, integrationId: await aIntegration() } }),
      expect: notFound('ERR_NO_INTEGRATION_FOUND', aIntegrationUnchanged),
    },
    { name: "B's ticket with A's prompt", req: async () => ({ method: 'POST', url: '/bot/replay', body: { ticketId: B.ticket.id, promptId: (await prompts()).a } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
  ],
  'POST /tickets': [
    { name: "A's contact", req: () => ({ method: 'POST', url: '/tickets', body: { contactId: A.contactId, status: 'open' } }), expect: notFound('ERR_NO_CONTACT_FOUND') },
    {
      name: "A's queue",
      req: async () => ({ method: 'POST', url: '/tickets', body: { contactId: await freshContact(app, B.c), queueId: A.queueId } }),
      expect: notFound('ERR_NO_QUEUE_FOUND'),
    },
    {
      name: "A's connection",
      req: async () => ({ method: 'POST', url: '/tickets', body: { contactId: await freshContact(app, B.c), whatsappId: A.c.whatsapp.id } }),
      expect: notFound('ERR_NO_WAPP_FOUND'),
    },
    {
      name: "A's user as the agent",
      req: async () => ({ method: 'POST', url: '/tickets', body: { contactId: await freshContact(app, B.c), status: 'open', userId: A.user.id } }),
      expect: notFound('ERR_NO_USER_FOUND'),
    },
  ],
  'POST /tickets/closeAll': [
    {
      name: "A's queue is not found, and nothing of A closes",
      req: () => ({ method: 'POST', url: '/tickets/closeAll', body: { status: 'pending', selectedQueueIds: [A.queueId] } }),
      expect: notFound('ERR_NO_QUEUE_FOUND', aTicketUnchanged),
    },
  ],
  'PUT /tickets/:id': [
    { name: "A's ticket", req: () => ({ method: 'PUT', url: `/tickets/${A.ticket.id}`, body: { status: 'open' } }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) },
    { name: "transfer to A's queue", req: () => ({ method: 'PUT', url: `/tickets/${B.ticket.id}`, body: { queueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
    {
      name: "transfer to A's user",
      req: () => ({ method: 'PUT', url: `/tickets/${B.ticket.id}`, body: { queueId: B.queueId, userId: A.user.id } }),
      expect: notFound('ERR_NO_USER_FOUND'),
    },
    {
      name: "transfer to A's connection",
      req: () => ({ method: 'PUT', url: `/tickets/${B.ticket.id}`, body: { queueId: B.queueId, whatsappId: A.c.whatsapp.id } }),
      expect: notFound('ERR_NO_WAPP_FOUND'),
    },
  ],
  'DELETE /tickets/:id': [{ name: "A's ticket", req: () => ({ method: 'DELETE', url: `/tickets/${A.ticket.id}` }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) }],
  'GET /messages/:ticketId': [{ name: "A's ticket", req: () => get(`/messages/${A.ticket.id}`), expect: notFound('ERR_NO_TICKET_FOUND') }],
  'POST /tickets/:ticketId/read': [
    { name: "A's ticket", req: () => ({ method: 'POST', url: `/tickets/${A.ticket.id}/read` }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) },
  ],
  'GET /messages/:id/media': [
    {
      name: "A's message with a stored file (holding A's marker)",
      req: async () => {
        const name = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'image/png' });
        await app.owner`update messages set media_url = ${name}, media_type = 'image' where id = ${A.messageId}`;
        return get(`/messages/${A.messageId}/media`);
      },
      expect: notFound('ERR_NO_MESSAGE_FOUND'),
    },
  ],
  'POST /messages/:ticketId': [
    {
      name: "A's ticket",
      req: () => ({ method: 'POST', url: `/messages/${A.ticket.id}`, body: { body: 'intruso' } }),
      expect: notFound('ERR_NO_TICKET_FOUND', async () => expect(await aMessageCount()).toBe(1)),
    },
    {
      name: "quoting A's message",
      req: async () => ({ method: 'POST', url: `/messages/${(await bOpenTicket()).id}`, body: { body: 'citação', quotedMsg: A.messageId } }),
      expect: notFound('ERR_NO_MESSAGE_FOUND'),
    },
    {
      name: "a file to A's ticket",
      req: () => ({
        method: 'POST',
        url: `/messages/${A.ticket.id}`,
        raw: '--B\r\nContent-Disposition: form-data; name="medias"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--B--\r\n',
        contentType: 'multipart/form-data; boundary=B',
      }),
      expect: notFound('ERR_NO_TICKET_FOUND', async () => expect(await aMessageCount()).toBe(1)),
    },
  ],
  'POST /messages/edit/:messageId': [
    {
      name: "A's message",
      req: () => ({ method: 'POST', url: `/messages/edit/${A.messageId}`, body: { body: 'editado' } }),
      expect: notFound('ERR_NO_MESSAGE_FOUND', aMessageUnchanged),
    },
  ],
  'DELETE /messages/:id': [{ name: "A's message", req: () => ({ method: 'DELETE', url: `/messages/${A.messageId}` }), expect: notFound('ERR_NO_MESSAGE_FOUND', aMessageUnchanged) }],
  'POST /messages/:id/reactions': [
    { name: "A's message", req: () => ({ method: 'POST', url: `/messages/${A.messageId}/reactions`, body: { type: '👍' } }), expect: notFound('ERR_NO_MESSAGE_FOUND', aMessageUnchanged) },
  ],
  'POST /message/forward': [
    {
      name: "A's message to B's contact",
      req: () => ({ method: 'POST', url: '/message/forward', body: { messageId: A.messageId, contactId: B.contactId } }),
      expect: notFound('ERR_NO_MESSAGE_FOUND'),
    },
    {
      name: "B's message to A's contact",
      req: async () => {
        const t = await bOpenTicket();
        const m = await api(app, B.c.adminToken).post<{ id: number }>(`/messages/${t.id}`, { body: 'para encaminhar' });
        return { method: 'POST', url: '/message/forward', body: { messageId: m.body.id, contactId: A.contactId } };
      },
      expect: notFound('ERR_NO_CONTACT_FOUND', async () => expect(await aMessageCount()).toBe(1)),
    },
  ],
  'GET /contacts': [
    { name: 'lists B only', req: () => get('/contacts'), expect: listed(contacts, () => [A.contactId, A.contactId2], () => B.contactId) },
    { name: "searching A's name", req: () => get(`/contacts?searchParam=${A.marker}`), expect: emptyList(contacts) },
    { name: "searching A's phone", req: () => get(`/contacts?searchParam=${A.phone}`), expect: emptyList(contacts) },
  ],
  'GET /contacts/:id': [
    { name: "A's contact", req: () => get(`/contacts/${A.contactId}`), expect: notFound('ERR_NO_CONTACT_FOUND') },
    { name: "A's other contact", req: () => get(`/contacts/${A.contactId2}`), expect: notFound('ERR_NO_CONTACT_FOUND') },
  ],
  'POST /contacts': [
    {
      name: "A's phone is free in B and A's contact is not revealed",
      req: () => ({ method: 'POST', url: '/contacts', body: { name: 'Mesmo Número', number: A.phone } }),
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.body.id).not.toBe(A.contactId);
        expect(r.text).not.toContain(A.marker);
      },
    },
  ],
  'GET /contacts/list': [
    {
      name: "with A's companyId: B's list",
      req: () => get(`/contacts/list?companyId=${A.c.companyId}`),
      // B may hold its own contact with A's phone (the POST row): only A's records must be absent.
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        const ids = (r.body as unknown as { id: number }[]).map((c) => c.id);
        expect(ids.filter((id) => [A.contactId, A.contactId2].includes(id))).toEqual([]);
        expect(ids).toContain(B.contactId);
      },
    },
  ],
  'PUT /contacts/:id': [
    {
      name: "A's contact",
      req: () => ({ method: 'PUT', url: `/contacts/${A.contactId}`, body: { name: 'Tomado', extraInfo: [{ name: 'x', value: 'y' }] } }),
      expect: notFound('ERR_NO_CONTACT_FOUND', aContactUnchanged),
    },
  ],
  'DELETE /contacts/:id': [{ name: "A's contact", req: () => ({ method: 'DELETE', url: `/contacts/${A.contactId}` }), expect: notFound('ERR_NO_CONTACT_FOUND', aContactUnchanged) }],
  'POST /contacts/upload': [
    {
      name: "a sheet with A's phone creates B's own contact, A's untouched",
      req: () => {
        const form = multipart([{ name: 'file', value: Buffer.from(`nome;numero\nPlanilha B;${A.phone}\n`), filename: 'b.csv' }]);
        return { method: 'POST', url: '/contacts/upload', raw: form.payload.toString('latin1'), contentType: form.contentType };
      },
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        await aContactUnchanged();
      },
    },
  ],
  'PUT /contacts/:id/tags': [
    {
      name: "A's contact",
      req: async () => ({ method: 'PUT', url: `/contacts/${A.contactId}/tags`, body: { tagIds: [(await tagsAndNotes()).bTag] } }),
      expect: notFound('ERR_NO_CONTACT_FOUND', async () => {
        await aContactUnchanged();
        expect(await app.owner`select tag_id from contact_tags where contact_id = ${A.contactId}`).toEqual([]);
      }),
    },
    {
      name: "A's tag on B's contact",
      req: async () => ({ method: 'PUT', url: `/contacts/${B.contactId}/tags`, body: { tagIds: [(await tagsAndNotes()).aTag] } }),
      expect: notFound('ERR_NOT_FOUND', async () => {
        expect(await app.owner`select tag_id from contact_tags where contact_id = ${B.contactId}`).toEqual([]);
      }),
    },
  ],
  'POST /contacts/import': [
    {
      name: "A's connection",
      req: () => ({ method: 'POST', url: '/contacts/import', body: { whatsappId: A.c.whatsapp.id } }),
      expect: notFound('ERR_NO_WAPP_FOUND', async () => {
        await aConnectionUnchanged();
        const [n] = await app.owner`select count(*)::int as n from contacts where company_id = ${B.c.companyId} and name = 'Beatriz Carvalho'`;
        expect(n!.n).toBe(0);
      }),
    },
  ],
  'GET /queue': [{ name: 'lists B only', req: () => get('/queue'), expect: listed(itself, () => [A.queueId], () => B.queueId) }],
  'POST /queue': [
    {
      name: "A's colour is free in B",
      req: async () => {
        await api(app, A.c.adminToken).post('/queue', { name: 'Cor Alfa', color: '#123abc' });
        return { method: 'POST', url: '/queue', body: { name: 'Cor Bravo', color: '#123abc' } };
      },
      expect: (r) => expect(r.status).toBe(200),
    },
  ],
  'GET /queue/:id': [{ name: "A's queue", req: onAQueue('GET'), expect: notFound('ERR_NO_QUEUE_FOUND') }],
  'PUT /queue/:id': [
    { name: "A's queue", req: onAQueue('PUT', '', { name: 'Tomada', greetingMessage: 'x' }), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) },
    { name: "A's integration on B's queue", req: async () => ({ method: 'PUT', url: `/queue/${B.queueId}`, body: { integrationId: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
    { name: "A's prompt on B's queue", req: async () => ({ method: 'PUT', url: `/queue/${B.queueId}`, body: { promptId: (await prompts()).a } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
  ],
  'DELETE /queue/:id': [{ name: "A's queue", req: onAQueue('DELETE'), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) }],
  'POST /queue/:id/media-upload': [{ name: "A's queue", req: async () => (await aQueueWithOption(), pngUpload(`/queue/${A.queueId}/media-upload`)), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) }],
  'DELETE /queue/:id/media-upload': [{ name: "A's queue", req: onAQueue('DELETE', '/media-upload'), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) }],
  'GET /queue/:id/media': [{ name: "A's queue with a stored file", req: onAQueue('GET', '/media'), expect: notFound('ERR_NO_QUEUE_FOUND') }],
  'GET /queue-options': [
    { name: "A's queue", req: async () => (await aQueueWithOption(), get(`/queue-options?queueId=${A.queueId}`)), expect: notFound('ERR_NO_QUEUE_FOUND') },
    { name: "B's queue, A's option as parent", req: async () => get(`/queue-options?queueId=${B.queueId}&parentId=${(await aQueueWithOption()).option}`), expect: (r) => {
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
    } },
  ],
  'POST /queue-options': [
    { name: "A's queue", req: async () => (await aQueueWithOption(), { method: 'POST', url: '/queue-options', body: { queueId: A.queueId, title: 'Intrusa' } }), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) },
    {
      name: "B's queue under A's option",
      req: async () => ({ method: 'POST', url: '/queue-options', body: { queueId: B.queueId, parentId: (await aQueueWithOption()).option, title: 'Intrusa' } }),
      expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged),
    },
  ],
  'PUT /queue-options/:id': [{ name: "A's option", req: onAOption('PUT', '', { title: 'Tomada' }), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) }],
  'DELETE /queue-options/:id': [{ name: "A's option", req: onAOption('DELETE'), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) }],
  'POST /queue-options/:id/media-upload': [
    { name: "A's option", req: async () => pngUpload(`/queue-options/${(await aQueueWithOption()).option}/media-upload`), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) },
  ],
  'DELETE /queue-options/:id/media-upload': [{ name: "A's option", req: onAOption('DELETE', '/media-upload'), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) }],
  'GET /queue-options/:id/media': [{ name: "A's option with a stored file", req: onAOption('GET', '/media'), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND') }],
  'GET /users/list': [{ name: 'lists B only', req: () => get('/users/list'), expect: listed(itself, () => [A.user.id, A.c.admin.id], () => B.user.id) }],
  'GET /users': [
    { name: 'lists B only', req: () => get('/users'), expect: listed((b) => b.users, () => [A.user.id, A.c.admin.id], () => B.user.id) },
    { name: "searching A's admin's e-mail", req: () => get(`/users?searchParam=${encodeURIComponent(A.c.admin.email)}`), expect: emptyList((b) => b.users) },
  ],
  'DELETE /users/:id': [
    {
      name: "A's user",
      req: () => ({ method: 'DELETE', url: `/users/${A.user.id}` }),
      expect: notFound('ERR_NO_USER_FOUND', async () => {
        expect(await app.owner`select id from users where id = ${A.user.id}`).toHaveLength(1);
      }),
    },
  ],
  'GET /users/:id': [
    { name: "A's user", req: () => get(`/users/${A.user.id}`), expect: notFound('ERR_NO_USER_FOUND') },
    { name: "A's admin", req: () => get(`/users/${A.c.admin.id}`), expect: notFound('ERR_NO_USER_FOUND') },
  ],
  'GET /dashboard': [
    { name: "B's attendants only", req: () => get('/dashboard?days=7'), expect: listed((b) => b.attendants, () => [A.user.id, A.c.admin.id], () => B.user.id) },
    {
      name: "B's counters only",
      req: () => get('/dashboard?days=7'),
      expect: async (r) => {
        const [n] = await app.owner`select count(*)::int as n from tickets where company_id = ${B.c.companyId} and status = 'pending'`;
        expect((r.body.counters as { supportPending: number }).supportPending).toBe(n!.n);
      },
    },
  ],
  'GET /dashboard/ticketsUsers': [
    {
      name: "with A's companyId: B's users only",
      req: async () => {
        await app.owner`update tickets set user_id = ${A.user.id} where id = ${A.ticket.id}`;
        return get(`/dashboard/ticketsUsers?initialDate=2000-01-01&finalDate=2000-12-31&companyId=${A.c.companyId}`);
      },
      expect: async (r) => {
        await app.owner`update tickets set user_id = null where id = ${A.ticket.id}`;
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        expect((r.body.data as { userId: number }[]).map((x) => x.userId).filter((id) => [A.user.id, A.c.admin.id].includes(id))).toEqual([]);
      },
    },
  ],
  'GET /dashboard/ticketsDay': [
    {
      name: "with A's companyId: B's tickets only",
      req: () => {
        const today = new Date().toISOString().slice(0, 10);
        const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
        return get(`/dashboard/ticketsDay?initialDate=${from}&finalDate=${today}&companyId=${A.c.companyId}`);
      },
      expect: async (r) => {
        expect(r.status).toBe(200);
        const [n] = await app.owner`select count(*)::int as n from tickets where company_id = ${B.c.companyId}`;
        expect(r.body.count).toBe(n!.n);
      },
    },
  ],
  'GET /dashboard/onboarding': [{ name: "B's checklist", req: () => get('/dashboard/onboarding'), expect: (r) => { expect(r.status).toBe(200); expect((r.body.steps as { queues: boolean }).queues).toBe(true); } }],
  'GET /ticket/reports': [
    { name: 'lists B only', req: () => get('/ticket/reports'), expect: listed(tickets, () => [A.ticket.id], () => B.ticket.id) },
    { name: "filtered by A's contact", req: () => get(`/ticket/reports?contactId=${A.contactId}`), expect: listed(tickets, () => [A.ticket.id]) },
    { name: "filtered by A's connection", req: () => get(`/ticket/reports?whatsappId=[${A.c.whatsapp.id}]`), expect: listed(tickets, () => [A.ticket.id]) },
    { name: "searching A's contact", req: () => get(`/ticket/reports?searchParam=${A.marker}`), expect: listed(tickets, () => [A.ticket.id]) },
  ],
  'GET /settings': [
    {
      name: "B's settings only",
      req: async () => {
        await app.owner`update settings set value = ${A.marker} where company_id = ${A.c.companyId} and key = 'chatBotType'`;
        return get('/settings');
      },
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        expect(r.body).toEqual(expect.arrayContaining([{ key: 'chatBotType', value: 'text' }]));
      },
    },
  ],
  'PUT /settings/:key': [
    {
      name: "changes B's setting only",
      req: () => ({ method: 'PUT', url: '/settings/sendMsgTransfTicket', body: { value: 'enabled' } }),
      expect: async (r) => {
        expect(r.status).toBe(200);
        const rows = await app.owner`select company_id, value from settings where key = 'sendMsgTransfTicket' and company_id in (${A.c.companyId}, ${B.c.companyId}) order by company_id`;
        expect(rows.map((row) => [row.company_id, row.value])).toEqual([
          [A.c.companyId, 'disabled'],
          [B.c.companyId, 'enabled'],
        ]);
      },
    },
  ],
  'POST /users': [
    {
      name: "A's queue",
      req: () => ({ method: 'POST', url: '/users', body: { name: 'Intruso', email: 'intruso-q@example.com', password: 'Secret123', queueIds: [A.queueId] } }),
      expect: notFound('ERR_NO_QUEUE_FOUND'),
    },
    {
      name: "A's connection",
      req: () => ({ method: 'POST', url: '/users', body: { name: 'Intruso', email: 'intruso-w@example.com', password: 'Secret123', whatsappId: A.c.whatsapp.id } }),
      expect: notFound('ERR_NO_WAPP_FOUND'),
    },
  ],
  'PUT /users/:id': [
    { name: "A's user", req: () => ({ method: 'PUT', url: `/users/${A.user.id}`, body: { name: 'Intruso', email: 'intruso-u@example.com' } }), expect: notFound('ERR_NO_USER_FOUND') },
    { name: "A's admin", req: () => ({ method: 'PUT', url: `/users/${A.c.admin.id}`, body: { name: 'Intruso', email: 'intruso-a@example.com' } }), expect: notFound('ERR_NO_USER_FOUND') },
    {
      name: "B's user into A's queue",
      req: () => ({ method: 'PUT', url: `/users/${B.user.id}`, body: { name: 'Agente', email: 'intruso-bq@example.com', queueIds: [A.queueId] } }),
      expect: notFound('ERR_NO_QUEUE_FOUND'),
    },
    {
      name: "B's user with A's connection",
      req: () => ({ method: 'PUT', url: `/users/${B.user.id}`, body: { name: 'Agente', email: 'intruso-bw@example.com', whatsappId: A.c.whatsapp.id } }),
      expect: notFound('ERR_NO_WAPP_FOUND'),
    },
  ],
  'GET /whatsapp': [{ name: 'lists B only', req: () => get('/whatsapp'), expect: listed(itself, () => [A.c.whatsapp.id], () => B.c.whatsapp.id) }],
  'POST /whatsapp': [
    { name: "A's queue", req: () => ({ method: 'POST', url: '/whatsapp', body: { name: 'Outra', queueIds: [A.queueId] } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
    { name: "A's queue as transfer queue", req: () => ({ method: 'POST', url: '/whatsapp', body: { name: 'Outra', transferQueueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
    { name: "A's integration", req: async () => ({ method: 'POST', url: '/whatsapp', body: { name: 'Outra', integrationId: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
  ],
  'GET /ticket/kanban': [
    { name: "lists B's tickets only, whatever queueIds", req: async () => (await lanes(), get(`/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([A.queueId]))}`)), expect: emptyList((b) => b.tickets) },
    { name: "B's board", req: async () => (await lanes(), get('/ticket/kanban')), expect: listed((b) => b.tickets, () => [A.ticket.id], () => B.ticket.id) },
  ],
  'GET /tags/kanban': [
    { name: "B's lanes only", req: async () => (await lanes(), get('/tags/kanban')), expect: async (r) => {
        const { aLane, bLane } = await lanes();
        listed((b) => b.lista, () => [aLane], () => bLane)(r);
      } },
  ],
  'PUT /ticket-tags/:ticketId/:tagId': [
    { name: "A's ticket", req: async () => ({ method: 'PUT', url: `/ticket-tags/${A.ticket.id}/${(await lanes()).bLane}` }), expect: notFound('ERR_NO_TICKET_FOUND', aLaneUnchanged) },
    { name: "A's tag on B's ticket", req: async () => ({ method: 'PUT', url: `/ticket-tags/${B.ticket.id}/${(await lanes()).aLane}` }), expect: notFound('ERR_NOT_FOUND', async () => {
        await aLaneUnchanged();
        expect(await app.owner`select tag_id from ticket_tags where tag_id = ${(await lanes()).aLane} and ticket_id = ${B.ticket.id}`).toEqual([]);
      }) },
  ],
  'DELETE /ticket-tags/:ticketId': [{ name: "A's ticket", req: async () => ({ method: 'DELETE', url: `/ticket-tags/${A.ticket.id}` }), expect: notFound('ERR_NO_TICKET_FOUND', aLaneUnchanged) }],
  'GET /contacts/:id/opt-out': [{ name: "A's contact", req: () => get(`/contacts/${A.contactId}/opt-out`), expect: notFound('ERR_NO_CONTACT_FOUND') }],
  'PUT /contacts/:id/opt-out': [{ name: "A's contact", req: () => ({ method: 'PUT', url: `/contacts/${A.contactId}/opt-out` }), expect: notFound('ERR_NO_CONTACT_FOUND', noOptOutsInA) }],
  'DELETE /contacts/:id/opt-out': [{ name: "A's contact", req: () => ({ method: 'DELETE', url: `/contacts/${A.contactId}/opt-out` }), expect: notFound('ERR_NO_CONTACT_FOUND', noOptOutsInA) }],
  'GET /whatsapp/:id/health': [{ name: "A's connection", req: () => get(`/whatsapp/${A.c.whatsapp.id}/health`), expect: notFound('ERR_NO_WAPP_FOUND') }],
  'GET /whatsapp/:id': [{ name: "A's connection", req: () => get(`/whatsapp/${A.c.whatsapp.id}`), expect: notFound('ERR_NO_WAPP_FOUND') }],
  'PUT /whatsapp/:id': [
    { name: "A's connection", req: () => ({ method: 'PUT', url: `/whatsapp/${A.c.whatsapp.id}`, body: { name: 'Tomada' } }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) },
    { name: "A's queue", req: () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { queueIds: [A.queueId] } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
    { name: "A's queue as transfer queue", req: () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { transferQueueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
    { name: "A's integration", req: async () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { integrationId: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
    { name: "A's prompt", req: async () => ({ method: 'PUT', url: `/whatsapp/${B.c.whatsapp.id}`, body: { promptId: (await prompts()).a } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
  ],
  'DELETE /whatsapp/:id': [{ name: "A's connection", req: () => ({ method: 'DELETE', url: `/whatsapp/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
  'POST /whatsappsession/:id': [{ name: "A's connection", req: () => ({ method: 'POST', url: `/whatsappsession/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
  'PUT /whatsappsession/:id': [{ name: "A's connection", req: () => ({ method: 'PUT', url: `/whatsappsession/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
  'DELETE /whatsappsession/:id': [{ name: "A's connection", req: () => ({ method: 'DELETE', url: `/whatsappsession/${A.c.whatsapp.id}` }), expect: notFound('ERR_NO_WAPP_FOUND', aConnectionUnchanged) }],
  'POST /whatsapp-restart': [{ name: "restarts B's only", req: () => ({ method: 'POST', url: '/whatsapp-restart' }), expect: async (r) => { expect(r.status).toBe(200); expect(r.text).not.toContain(A.marker); await aConnectionUnchanged(); } }],
  'GET /companies': [{ name: 'super user only', req: () => get('/companies'), expect: answered(403, 'ERR_NO_PERMISSION') }],
  'POST /companies': [
    {
      name: 'super user only',
      req: () => ({ method: 'POST', url: '/companies', body: { name: 'Empresa Nova', admin: { name: 'Admin', email: 'nova@example.com', password: 'Secret123' } } }),
      expect: answered(403, 'ERR_NO_PERMISSION'),
    },
  ],
  'GET /companies/listPlan/:id': [{ name: "A's company", req: () => get(`/companies/listPlan/${A.c.companyId}`), expect: notFound('ERR_NO_COMPANY_FOUND') }],
  // Plans are the platform's, not a company's: anyone reads one, only the super user changes them.
  'GET /plans/all': [{ name: 'super user only', req: () => get('/plans/all'), expect: answered(403, 'ERR_NO_PERMISSION') }],
  'GET /plans/:id': [{ name: "A's plan is the catalogue's", req: async () => get(`/plans/${await aPlanId()}`), expect: async (r) => {
      expect({ status: r.status, id: r.body.id }).toEqual({ status: 200, id: await aPlanId() });
      expect(r.text).not.toContain(A.marker);
    } }],
  'POST /plans': [{ name: 'super user only', req: () => ({ method: 'POST', url: '/plans', body: { name: 'Plano de B', users: 1, connections: 1, queues: 1, value: 0 } }), expect: answered(403, 'ERR_NO_PERMISSION', async () => {
      expect(await app.owner`select id from plans where name = 'Plano de B'`).toEqual([]);
    }) }],
  'PUT /plans/:id': [{ name: "A's plan", req: async () => ({ method: 'PUT', url: `/plans/${await aPlanId()}`, body: { name: 'Grátis', users: 100000, connections: 1, queues: 1, value: 0 } }), expect: answered(403, 'ERR_NO_PERMISSION', aPlanUnchanged) }],
  'DELETE /plans/:id': [{ name: "A's plan", req: async () => ({ method: 'DELETE', url: `/plans/${await aPlanId()}` }), expect: answered(403, 'ERR_NO_PERMISSION', aPlanUnchanged) }],
  'GET /companies/:id': [{ name: "A's company", req: () => get(`/companies/${A.c.companyId}`), expect: notFound('ERR_NO_COMPANY_FOUND') }],
  'PUT /companies/:id/schedules': [
    {
      name: "A's company",
      req: () => ({ method: 'PUT', url: `/companies/${A.c.companyId}/schedules`, body: { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '00:00', endTime: '00:01' }] } }),
      expect: notFound('ERR_NO_COMPANY_FOUND', async () => {
        const [c] = await app.owner`select schedules from companies where id = ${A.c.companyId}`;
        expect(c?.schedules).toEqual([]);
      }),
    },
  ],
  'GET /audit-logs': [
    {
      name: "B's trail only, whatever companyId it is given",
      req: async () => {
        await api(app, A.c.adminToken).put('/settings/chatBotType', { value: 'text' });
        await api(app, A.c.adminToken).put('/settings/userRating', { value: 'enabled' });
        return get(`/audit-logs?companyId=${A.c.companyId}`);
      },
      expect: async (r) => {
        expect(r.status).toBe(200);
        const logs = r.body.logs as { companyId: number }[];
        expect(logs.length).toBeGreaterThan(0);
        expect(logs.filter((l) => l.companyId !== B.c.companyId)).toEqual([]);
        await api(app, A.c.adminToken).put('/settings/userRating', { value: 'disabled' });
      },
    },
  ],
  'POST /sandbox/connections/:whatsappId/inbound': [
    {
      name: "A's connection",
      req: () => ({ method: 'POST', url: `/sandbox/connections/${A.c.whatsapp.id}/inbound`, body: { from: A.phone, body: 'falso' } }),
      expect: notFound('ERR_NO_WAPP_FOUND', async () => expect(await aMessageCount()).toBe(1)),
    },
  ],
  'GET /quick-messages/list': [
    {
      name: "lists B's only, whatever companyId it is given",
      req: async () => (await quickMessages(), get(`/quick-messages/list?companyId=${A.c.companyId}&userId=${A.c.admin.id}`)),
      expect: listed(itself, () => [quickIds!.a], () => quickIds!.b),
    },
  ],
  'GET /quick-messages': [
    { name: 'lists B only', req: async () => (await quickMessages(), get('/quick-messages')), expect: listed((b) => b.records, () => [quickIds!.a], () => quickIds!.b) },
    { name: "searching A's shortcode", req: async () => (await quickMessages(), get(`/quick-messages?searchParam=${A.marker}`)), expect: emptyList((b) => b.records) },
  ],
  'POST /quick-messages': [
    {
      name: "A's shortcode is free in B, and A's record stays as it was",
      req: async () => (await quickMessages(), { method: 'POST', url: '/quick-messages', body: { shortcode: `atalho${A.marker}` } }),
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect(r.body.id).not.toBe(await aQuick());
        await aQuickUnchanged();
      },
    },
  ],
  'GET /quick-messages/:id': [{ name: "A's quick message", req: onAQuick('GET'), expect: notFound('ERR_NOT_FOUND') }],
  'PUT /quick-messages/:id': [{ name: "A's quick message", req: onAQuick('PUT', '', { shortcode: 'tomada' }), expect: notFound('ERR_NOT_FOUND', aQuickUnchanged) }],
  'DELETE /quick-messages/:id': [{ name: "A's quick message", req: onAQuick('DELETE'), expect: notFound('ERR_NOT_FOUND', aQuickUnchanged) }],
  'POST /quick-messages/:id/media-upload': [
    {
      name: "A's quick message",
      req: async () => ({
        method: 'POST',
        url: `/quick-messages/${await aQuick()}/media-upload`,
        raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\nContent-Type: text/plain\r\n\r\nde B\r\n--X--\r\n',
        contentType: 'multipart/form-data; boundary=X',
      }),
      expect: notFound('ERR_NOT_FOUND', aQuickUnchanged),
    },
  ],
  'DELETE /quick-messages/:id/media-upload': [{ name: "A's quick message", req: onAQuick('DELETE', '/media-upload'), expect: notFound('ERR_NOT_FOUND', aQuickUnchanged) }],
  'GET /quick-messages/:id/media': [{ name: "A's quick message with a stored file (holding A's marker)", req: onAQuick('GET', '/media'), expect: notFound('ERR_NOT_FOUND') }],
  'GET /queueIntegration': [{ name: 'lists B only', req: async () => (await aIntegration(), get('/queueIntegration?searchParam=Integra')), expect: emptyList((b) => b.queueIntegrations) }],
  'POST /queueIntegration': [
    { name: "A's name is free in B", req: async () => (await aIntegration(), { method: 'POST', url: '/queueIntegration', body: { name: `Integração ${A.marker}`, type: 'n8n' } }), expect: (r) => expect(r.status).toBe(200) },
  ],
  'GET /queueIntegration/:id': [{ name: "A's integration", req: onAIntegration('GET'), expect: notFound('ERR_NO_INTEGRATION_FOUND') }],
  'PUT /queueIntegration/:id': [{ name: "A's integration", req: onAIntegration('PUT', { name: 'Tomada', urlN8N: 'http://127.0.0.1:9/b' }), expect: notFound('ERR_NO_INTEGRATION_FOUND', aIntegrationUnchanged) }],
  'DELETE /queueIntegration/:id': [{ name: "A's integration", req: onAIntegration('DELETE'), expect: notFound('ERR_NO_INTEGRATION_FOUND', aIntegrationUnchanged) }],
  'POST /queueIntegration/testSession': [
    { name: "A's stored service account", req: async () => ({ method: 'POST', url: '/queueIntegration/testSession', body: { projectName: 'p', id: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
  ],
  'GET /sandbox/connections/:whatsappId/outbox': [
    { name: "A's connection", req: () => get(`/sandbox/connections/${A.c.whatsapp.id}/outbox?to=${A.phone}`), expect: notFound('ERR_NO_WAPP_FOUND') },
  ],
  'GET /sandbox/connections/:whatsappId/sent': [
    { name: "A's connection", req: () => get(`/sandbox/connections/${A.c.whatsapp.id}/sent?to=${A.phone}`), expect: notFound('ERR_NO_WAPP_FOUND') },
  ],
  'POST /sandbox/connections/:whatsappId/presence': [
    {
      name: "A's connection",
      req: () => ({ method: 'POST', url: `/sandbox/connections/${A.c.whatsapp.id}/presence`, body: { from: A.phone, presence: 'composing' } }),
      expect: notFound('ERR_NO_WAPP_FOUND'),
    },
  ],
  // Billing (issue 14 §7; decision 0282): A's invoice, with a live sandbox charge, and B's own.
  'GET /invoices/all': [
    { name: 'lists B only', req: async () => (await invoices(), get('/invoices/all')), expect: listed((b) => b.list, () => [invoiceIds!.a], () => invoiceIds!.b) },
    { name: "searching A's detail", req: async () => (await invoices(), get(`/invoices/all?searchParam=${A.marker}`)), expect: emptyList((b) => b.list) },
  ],
  'GET /invoices/:id': [{ name: "A's invoice", req: async () => get(`/invoices/${(await invoices()).a}`), expect: notFound('ERR_NO_INVOICE_FOUND') }],
  'GET /subscription': [
    {
      name: "B's licence and invoice only",
      req: async () => (await invoices(), get('/subscription')),
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        expect(r.body.companyId).toBe(B.c.companyId);
        expect((r.body.openInvoice as { id: number } | null)?.id).toBe(invoiceIds!.b);
      },
    },
  ],
  'POST /subscription': [
    { name: "A's invoice", req: async () => ({ method: 'POST', url: '/subscription', body: { invoiceId: (await invoices()).a } }), expect: notFound('ERR_NO_INVOICE_FOUND', aInvoiceUnchanged) },
  ],
  'POST /sandbox/payments/:chargeId/pay': [
    { name: "A's charge (super user only)", req: async () => (await invoices(), { method: 'POST', url: `/sandbox/payments/sbx_${A.marker}/pay` }), expect: answered(403, 'ERR_NO_PERMISSION', aInvoiceUnchanged) },
  ],
};

describe('tenant isolation: company B calls every route with company A ids', () => {
  it('has a row for every route the app serves, and no row for a route it does not', () => {
    expect(Object.keys(table).sort()).toEqual(privateRouteKeys(app));
  });

  for (const [route, cases] of Object.entries(table)) {
    for (const c of cases) {
      it(`${route} — ${c.name}`, async () => {
        await c.expect(await send(app, B.c.adminToken, await c.req()));
      });
    }
  }

  it("refuses B's token edited to claim company A", async () => {
    const forged = tamperToken(B.c.adminToken, (claims) => ({ ...claims, companyId: A.c.companyId }));
    const r = await send(app, forged, get(`/tickets/${A.ticket.id}`));
    expect(status(r)).toEqual({ status: 403, error: 'ERR_INVALID_TOKEN' });
  });
});

describe('row-level security backstop (the application role, bypassing the repositories)', () => {
  const asB = async <T>(fn: (sql: postgres.TransactionSql) => Promise<T>): Promise<T> => {
    const sql = postgres(app.appUrl, { max: 1, onnotice: () => undefined });
    try {
      return (await sql.begin(async (tx) => {
        await tx`select set_config('app.company_id', ${String(B.c.companyId)}, true)`;
        return fn(tx);
      })) as T;
    } finally {
      await sql.end();
    }
  };

  it("hides A's rows even when the query asks for them by company", async () => {
    const counts = await asB(async (tx) => {
      const [a] = await tx`select count(*)::int as n from tickets where company_id = ${A.c.companyId}`;
      const [b] = await tx`select count(*)::int as n from tickets where company_id = ${B.c.companyId}`;
      return { a: a!.n, b: b!.n };
    });
    expect(counts.a).toBe(0);
    expect(counts.b).toBeGreaterThan(0);
  });

  it('refuses to write a row into company A', async () => {
    // Outside uniquePhone's 55119… range: with a process id ending in 000 it makes 5511900000001 too.
    const number = '5548700000001';
    await expect(asB((tx) => tx`insert into contacts (company_id, name, number) values (${A.c.companyId}, 'Plantado', ${number})`)).rejects.toThrow(/row-level security/);
    // The same insert for B's own company is accepted: the refusal above is the policy's.
    await expect(asB((tx) => tx`insert into contacts (company_id, name, number) values (${B.c.companyId}, 'Próprio', ${number}) returning id`)).resolves.toHaveLength(1);
  });
});

describe('after every cross-tenant call above', () => {
  it("no row of one company references a row of another (foreign keys and loose id columns)", async () => {
    const fks = await app.owner`
      select c.conrelid::regclass::text as child, a.attname as col, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey) and a.attname <> 'company_id'
      where c.contype = 'f'
        and exists (select 1 from pg_attribute x where x.attrelid = c.conrelid and x.attname = 'company_id')
        and exists (select 1 from pg_attribute y where y.attrelid = c.confrelid and y.attname = 'company_id')`;
    const pairs = [...fks.map((f) => [f.child, f.col, f.parent] as string[]), ['users', 'whatsapp_id', 'whatsapps'], ['messages', 'quoted_msg_id', 'messages']];
    expect(pairs.map((p) => `${p[0]}.${p[1]}`)).toEqual(expect.arrayContaining(['tickets.user_id', 'tickets.queue_id', 'whatsapps.transfer_queue_id']));
    const crossing: string[] = [];
    for (const [child, col, parent] of pairs) {
      const [row] = await app.owner.unsafe(`select count(*)::int as n from "${child}" x join "${parent}" p on p.id = x."${col}" where x.company_id <> p.company_id`);
      if (row!.n > 0) crossing.push(`${child}.${col} → ${parent}: ${row!.n}`);
    }
    expect(crossing).toEqual([]);
  });
});
