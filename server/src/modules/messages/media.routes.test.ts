/**
 * GET /messages/:id/media: a simulated customer sends media through the sandbox route, the
 * pipeline stores it at receipt, and the route streams it to those who may see the ticket.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import type { MessageDto } from '@balcao/shared';
import { sizeInRaw } from './messages.repository';

let app: TestApp;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app);
  other = await createCompany(app);
});
afterAll(() => app.close());

/** The customer sends media; resolves with the stored message id once its file is saved. */
const customerSendsMedia = async (body: Record<string, unknown>): Promise<number> => {
  const r = await api(app, company.adminToken).post<{ id: string }>(`/sandbox/connections/${company.whatsapp.id}/inbound`, { from: '5561981234567', name: 'Cliente', ...body });
  expect(r.status).toBe(202);
  return vi.waitFor(
    async () => {
      const [m] = await app.owner`select id, media_url from messages where whatsapp_id = ${company.whatsapp.id} and wa_message_id = ${r.body.id}`;
      expect(m?.media_url).toBeTruthy();
      return m!.id as number;
    },
    { timeout: 5_000, interval: 20 },
  );
};

/** A real 2×1 PNG: the store serves a picture only for bytes that are one. */
const PNG_2x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64');

const fetchMedia = (id: number, token: string) => app.app.inject({ method: 'GET', url: `/messages/${id}/media`, headers: { authorization: `Bearer ${token}` } });

describe('GET /messages/:id/media', () => {
  it("streams an image the customer sent, inline, with its type and the customer's bytes", async () => {
    const bytes = PNG_2x1;
    const id = await customerSendsMedia({ kind: 'image', body: 'foto', media: { data: bytes.toString('base64'), mimetype: 'image/png' } });
    const res = await fetchMedia(id, company.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline; filename="file.png"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves what the bytes are, not what the sender called them: a renamed program is a download, never a picture', async () => {
    const bytes = Buffer.concat([Buffer.from('MZ', 'latin1'), randomBytes(510)]);
    const id = await customerSendsMedia({ kind: 'image', body: 'foto', media: { data: bytes.toString('base64'), mimetype: 'image/jpeg', fileName: 'foto.jpg' } });
    const res = await fetchMedia(id, company.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename="foto.bin"');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it("carries a document's size on the message: the customer's (issue 28 §5)", async () => {
    const bytes = randomBytes(3000);
    const id = await customerSendsMedia({ kind: 'document', media: { data: bytes.toString('base64'), mimetype: 'application/pdf', fileName: 'boleto.pdf' } });
    const [row] = await app.owner<{ ticket_id: number }[]>`select ticket_id from messages where id = ${id}`;
    const list = await api(app, company.adminToken).get<{ messages: MessageDto[] }>(`/messages/${row!.ticket_id}`);
    expect(list.body.messages.find((m) => m.id === id)?.mediaSize).toBe(3000);
  });

  it('sends a document as a download (never rendered from our origin), under its file name', async () => {
    const bytes = Buffer.from('<html><script>alert(1)</script></html>');
    const id = await customerSendsMedia({ kind: 'document', media: { data: bytes.toString('base64'), mimetype: 'text/html', fileName: 'pagina.html' } });
    const res = await fetchMedia(id, company.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pagina.html"');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('follows ticket visibility: a user outside the ticket gets ERR_NO_PERMISSION, one who sees all tickets gets the file', async () => {
    const id = await customerSendsMedia({ kind: 'sticker', media: { data: randomBytes(300).toString('base64'), mimetype: 'image/webp' } });
    const outsider = await company.addUser({ allTicket: 'disabled' });
    const res = await fetchMedia(id, outsider.token);
    expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    const seesAll = await company.addUser({ allTicket: 'enabled' });
    expect((await fetchMedia(id, seesAll.token)).statusCode).toBe(200);
  });

  it("answers 404 ERR_NO_MESSAGE_FOUND for a message without media, an unknown id and another company's message", async () => {
    const media = await customerSendsMedia({ kind: 'audio', media: { data: randomBytes(300).toString('base64'), mimetype: 'audio/mpeg' } });
    const text = await company.inbound('5561981234567', 'só texto');
    const [t] = await app.owner`select id from messages where wa_message_id = ${text.id}`;
    for (const [id, token] of [
      [t!.id as number, company.adminToken],
      [2_000_000_000, company.adminToken],
      [media, other.adminToken],
    ] as const) {
      const res = await fetchMedia(id, token);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 404, error: 'ERR_NO_MESSAGE_FOUND' });
    }
  });

  it('needs a session', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/messages/1/media' });
    expect(res.statusCode).toBe(401);
  });
});

describe("a media message's size before its file is here", () => {
  it("reads WhatsApp's fileLength (number, text or Long) and the sandbox's size from the stored raw message", () => {
    expect(sizeInRaw({ message: { documentMessage: { fileLength: 52_000 } } })).toBe(52_000);
    expect(sizeInRaw({ message: { videoMessage: { fileLength: '7340032' } } })).toBe(7_340_032);
    expect(sizeInRaw({ message: { documentWithCaptionMessage: { message: { documentMessage: { fileLength: { low: 10, high: 1, unsigned: true } } } } } })).toBe(2 ** 32 + 10);
    expect(sizeInRaw({ sandbox: { mimetype: 'application/pdf', size: 4096 } })).toBe(4096);
    expect(sizeInRaw({ message: { conversation: 'oi' } })).toBeNull();
    expect(sizeInRaw(null)).toBeNull();
  });
});
