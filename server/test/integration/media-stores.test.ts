/**
 * The media routes on both stores (decision 0385): the same flows against the filesystem store
 * and the S3 one (a local S3-compatible server). An agent's file is stored, sent to the phone from
 * the store and served back; a customer's media is downloaded into it; a record's file is
 * attached, served, replaced and removed; another company reaches none of it. The modules' own
 * media tests run on either store too (`MEDIA_STORE=s3 npx vitest run …`, docs/deploy.md); this
 * file keeps both in every run without running those twice. Last, what the S3 store is for: two
 * processes that share the database and the bucket but no folder serve each other's files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageDto, QuickMessageDto, SandboxOutboxItem, TicketDto } from '@balcao/shared';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { startLocalS3, type LocalS3 } from '../helpers/local-s3';
import { multipart, SAMPLE } from '../helpers/multipart';
import { api, createCompany, type TestCompany } from '../helpers/world';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.close());

describe.each(['fs', 's3'] as const)('media on the %s store', (kind) => {
  let app: TestApp;
  let a: TestCompany;
  let b: TestCompany;
  let n = 0;
  beforeAll(async () => {
    app = await createTestApp({ config: { media: kind === 's3' ? s3.media : { store: 'fs' } } });
    [a, b] = [await createCompany(app), await createCompany(app)];
  });
  afterAll(() => app?.close());

  const get = (url: string, token: string) => app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const acceptedTicket = async (): Promise<TicketDto> => {
    const from = `55219${String(2_000_000 + ++n).padStart(8, '0')}`;
    await a.inbound(from, 'Oi');
    const t = (await a.pendingTickets()).find((x) => x.contact.number === from)!;
    return (await api(app, a.adminToken).put<TicketDto>(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id })).body;
  };

  it('is the store the configuration names', () => {
    expect(app.media.kind).toBe(kind);
  });

  it("stores an agent's file, sends it to the phone from the store, and serves it back to the company only", async () => {
    const t = await acceptedTicket();
    const { payload, headers } = multipart({ body: 'Segue o contrato' }, [{ fileName: 'contrato.pdf', mimetype: 'application/pdf', bytes: SAMPLE.pdf }]);
    const sent = await app.app.inject({ method: 'POST', url: `/messages/${t.id}`, headers: { authorization: `Bearer ${a.adminToken}`, ...headers }, payload });
    expect(sent.statusCode, sent.body).toBe(200);
    const [m] = sent.json<MessageDto[]>();
    expect(await app.media.exists(a.companyId, m!.mediaUrl!)).toBe(true);
    // The phone got the file's bytes (the sandbox measures the file the channel was handed).
    await vi.waitFor(
      async () => {
        const items = (await api(app, a.adminToken).get<SandboxOutboxItem[]>(`/sandbox/connections/${a.whatsapp.id}/outbox?to=${t.contact.number}`)).body;
        expect(items.find((i) => i.kind === 'document')?.media).toMatchObject({ fileName: 'contrato.pdf', size: SAMPLE.pdf.length });
      },
      { timeout: 10_000, interval: 50 },
    );
    const served = await get(`/messages/${m!.id}/media`, a.adminToken);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-length']).toBe(String(SAMPLE.pdf.length));
    expect(served.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    expect((await get(`/messages/${m!.id}/media`, b.adminToken)).json()).toMatchObject({ error: 'ERR_NO_MESSAGE_FOUND' });
  });

  it("downloads a customer's picture into the store at receipt and serves it inline", async () => {
    const r = await api(app, a.adminToken).post<{ id: string }>(`/sandbox/connections/${a.whatsapp.id}/inbound`, {
      from: '5561981230000',
      name: 'Cliente',
      kind: 'image',
      body: 'foto',
      media: { data: SAMPLE.png.toString('base64'), mimetype: 'image/png' },
    });
    expect(r.status).toBe(202);
    const id = await vi.waitFor(
      async () => {
        const [row] = await app.owner`select id, media_url from messages where whatsapp_id = ${a.whatsapp.id} and wa_message_id = ${r.body.id}`;
        expect(row?.media_url).toBeTruthy();
        return row!.id as number;
      },
      { timeout: 5_000, interval: 20 },
    );
    const served = await get(`/messages/${id}/media`, a.adminToken);
    expect({ status: served.statusCode, type: served.headers['content-type'], disposition: served.headers['content-disposition'] }).toEqual({ status: 200, type: 'image/png', disposition: 'inline; filename="file.png"' });
    expect(served.rawPayload.equals(SAMPLE.png)).toBe(true);
  });

  it("keeps a record's file: attached, served, replaced (the old one deleted) and removed", async () => {
    const admin = api(app, a.adminToken);
    const q = (await admin.post<QuickMessageDto>('/quick-messages', { shortcode: `arquivo${kind}`, message: 'Segue', geral: true })).body;
    const attach = (bytes: Buffer, fileName: string, mimetype: string) => {
      const form = multipart({}, [{ field: 'file', fileName, mimetype, bytes }]);
      return app.app.inject({ method: 'POST', url: `/quick-messages/${q.id}/media-upload`, headers: { authorization: `Bearer ${a.adminToken}`, ...form.headers }, payload: form.payload });
    };
    const first = (await attach(SAMPLE.png, 'logo.png', 'image/png')).json<QuickMessageDto>();
    const served = await get(`/quick-messages/${q.id}/media`, a.adminToken);
    expect({ status: served.statusCode, type: served.headers['content-type'] }).toEqual({ status: 200, type: 'image/png' });
    expect(served.rawPayload.equals(SAMPLE.png)).toBe(true);
    expect((await get(`/quick-messages/${q.id}/media`, b.adminToken)).statusCode).toBe(404);

    const second = (await attach(SAMPLE.pdf, 'tabela.pdf', 'application/pdf')).json<QuickMessageDto>();
    expect(await app.media.exists(a.companyId, first.mediaPath!)).toBe(false);
    expect((await get(`/quick-messages/${q.id}/media`, a.adminToken)).rawPayload.equals(SAMPLE.pdf)).toBe(true);

    expect((await admin.del(`/quick-messages/${q.id}/media-upload`)).status).toBe(200);
    expect(await app.media.exists(a.companyId, second.mediaPath!)).toBe(false);
    expect((await get(`/quick-messages/${q.id}/media`, a.adminToken)).json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
  });
});

describe('two server processes with a DATA_DIR each, on one database and one bucket', () => {
  it("serve each other's files: uploaded through one, sent and served by the other", async () => {
    const db = await createTestDatabase();
    const dirs = [await mkdtemp(join(tmpdir(), 'balcao-one-')), await mkdtemp(join(tmpdir(), 'balcao-two-'))];
    const [one, two] = [await createTestApp({ db, config: { media: s3.media, dataDir: dirs[0]! } }), await createTestApp({ db, config: { media: s3.media, dataDir: dirs[1]! } })];
    try {
      const c = await createCompany(one);
      const q = (await api(one, c.adminToken).post<QuickMessageDto>('/quick-messages', { shortcode: 'catalogo', message: 'Segue', geral: true })).body;
      const form = multipart({}, [{ field: 'file', fileName: 'catalogo.pdf', mimetype: 'application/pdf', bytes: SAMPLE.pdf }]);
      const up = await one.app.inject({ method: 'POST', url: `/quick-messages/${q.id}/media-upload`, headers: { authorization: `Bearer ${c.adminToken}`, ...form.headers }, payload: form.payload });
      expect(up.statusCode, up.body).toBe(200);
      const served = await two.app.inject({ method: 'GET', url: `/quick-messages/${q.id}/media`, headers: { authorization: `Bearer ${c.adminToken}` } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(SAMPLE.pdf)).toBe(true);
      // And the other way: a file stored by the second, read by the first.
      const name = await two.media.save(c.companyId, SAMPLE.png, { mimetype: 'image/png', fileName: 'foto.png' });
      expect((await one.media.read(c.companyId, name)).equals(SAMPLE.png)).toBe(true);
    } finally {
      await two.close();
      await one.close();
      await db.drop();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  });
});
