import { expect } from 'vitest';
import { createTestApp } from './build-app';
import { api } from './world';
import { createTenant } from './tenants';
import { multipart } from './form-parts';
import type { RawRequest, RawResponse } from './routes';

// The tenant isolation suite's world (issue 25: its rows live beside their modules, in
// server/src/modules/<m>/<m>.isolation.cases.ts). Company B's admin calls every route with company
// A's ids: A's records must stay invisible (404 with the entity's own code, never 403, never data)
// and untouched; lists answer only B's. Fixtures more than one module's rows use live here, made
// once on first use; a module's own fixtures live in its case file.

export type Check = (r: RawResponse) => void | Promise<void>;
export interface IsolationCase {
  name: string;
  req: () => RawRequest | Promise<RawRequest>;
  expect: Check;
}
/** One module's rows: route key ('GET /tickets/:id') to the calls B makes on it. */
export type IsolationRows = Record<string, IsolationCase[]>;
/** What a module's case file exports as `isolationCases`. */
export type IsolationCases = (w: IsolationWorld) => IsolationRows;
export type IsolationWorld = Awaited<ReturnType<typeof createIsolationWorld>>;

export const get = (url: string): RawRequest => ({ method: 'GET', url });
export const status = (r: RawResponse) => ({ status: r.status, error: r.body.error });
export const pngUpload = (url: string): RawRequest => {
  const form = multipart([{ name: 'file', value: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64'), filename: 'b.png', contentType: 'image/png' }]);
  return { method: 'POST', url, raw: form.payload.toString('latin1'), contentType: form.contentType };
};
/** Where listed() and emptyList() find the items of an answer. */
export const tickets = (b: RawResponse['body']) => b.tickets;
export const contacts = (b: RawResponse['body']) => b.contacts;
export const itself = (b: RawResponse['body']) => b;
/** A prompt text that passes the schema. */
export const PROMPT_TEXT = 'Você é a atendente virtual da empresa. Responda com educação e de forma breve.';

/** One app with companies A and B; the helpers close over them. */
export const createIsolationWorld = async () => {
  const app = await createTestApp();
  const A = await createTenant(app, 'Alfa');
  const B = await createTenant(app, 'Bravo');
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
  const aMessageCount = async () => (await app.owner`select count(*)::int as n from messages where company_id = ${A.c.companyId}`)[0]!.n as number;
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
  /** A's webhook integration (with a sealed secret), made once on first use. */
  let aIntegrationFix: Promise<number> | undefined;
  const aIntegration = () =>
    (aIntegrationFix ??= (async () =>
      (await api(app, A.c.adminToken).post<{ id: number }>('/queueIntegration', { name: `Integração ${A.marker}`, type: 'webhook', urlN8N: 'http://127.0.0.1:9/x', secret: `segredo-${A.marker}` })).body.id)());
  const aIntegrationUnchanged = async () => {
    const [i] = await app.owner`select name, url_n8n from queue_integrations where id = ${await aIntegration()}`;
    expect(i).toEqual({ name: `Integração ${A.marker}`, url_n8n: 'http://127.0.0.1:9/x' });
  };
  /** A's contact as the database has it, to prove a refused call changed nothing. */
  const aContactUnchanged = async () => {
    const [c] = await app.owner`select name, company_id from contacts where id = ${A.contactId}`;
    expect(c).toMatchObject({ company_id: A.c.companyId });
    expect(c!.name).toContain(A.marker);
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
      // After tagsAndNotes' sync, which sets A's ticket's tags to A's tag alone: whichever module's
      // rows run first (the shards deal them), A's ticket ends up with both.
      await tagsAndNotes();
      const aLane = (await api(app, A.c.adminToken).post<{ id: number }>('/tags', { name: `Raia ${A.marker}`, kanban: true })).body.id;
      await api(app, A.c.adminToken).put(`/ticket-tags/${A.ticket.id}/${aLane}`);
      const bLane = (await api(app, B.c.adminToken).post<{ id: number }>('/tags', { name: 'Raia B', kanban: true })).body.id;
      return { aLane, bLane };
    })());
  /** A's AI prompt (with a key) and B's own, made once on first use. */
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
  return { app, A, B, answered, notFound, listed, emptyList, aTicketUnchanged, aMessageCount, aContactUnchanged, aQueueWithOption, aQueueUnchanged, aIntegration, aIntegrationUnchanged, tagsAndNotes, aTagsAndNoteUnchanged, lanes, prompts, aPromptUnchanged, lists, aListsUnchanged };
};
