/**
 * Uploads stream to disk (issue 28 §8): five 20 MiB documents in one send cost the server a
 * stream's buffers, not 100 MiB of memory, and nothing is left behind in the spool afterwards.
 * Measured in this process (the server runs in it): the buffers' memory (`arrayBuffers`), sampled
 * while the request is in flight, against what it was before (buffered: +100 MiB; streamed: ~+30).
 */
import { request } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';

const MiB = 1024 * 1024;
const FILES = 5;
const FILE_BYTES = 20 * MiB;

let app: TestApp;
let c: TestCompany;
let ticketId: number;
let dataDir: string;

beforeAll(async () => {
  // Its own data dir: the spool's emptiness is this file's to check.
  dataDir = await mkdtemp(join(tmpdir(), 'balcao-uploads-'));
  app = await createTestApp({ config: { dataDir } });
  c = await createCompany(app);
  await c.inbound('5511977001122', 'preciso dos documentos');
  ticketId = (await api(app, c.adminToken).get<{ tickets: TicketDto[] }>('/tickets?status=pending&showAll=true')).body.tickets[0]!.id;
  await api(app, c.adminToken).put(`/tickets/${ticketId}`, { status: 'open', userId: c.admin.id });
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A multipart body of FILES documents, generated as it is sent (the test holds none of it). */
const body = (boundary: string) =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(256 * 1024, 0x41);
      for (let f = 0; f < FILES; f++) {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="contrato-${f}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
        for (let sent = 9; sent < FILE_BYTES; sent += chunk.length) yield sent + chunk.length <= FILE_BYTES ? chunk : chunk.subarray(0, FILE_BYTES - sent);
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    })(),
  );

describe('a send of five large documents', () => {
  it('streams them to disk: the process holds buffers, never the files, and the spool is empty after', async () => {
    const boundary = `----balcao${Date.now()}`;
    const url = new URL(`/messages/${ticketId}`, app.url);
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${c.adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      body(boundary).pipe(req);
    });
    clearInterval(sampler);
    expect(answer.status, answer.text).toBe(200);
    // Buffered, the five files alone would be 100 MiB held at once; streamed, what passes is
    // garbage the collector takes when it likes (about 30 MiB here, whatever the files' size).
    expect((peak - before) / MiB).toBeLessThan(60);

    const rows = await app.owner<{ media_url: string; media_size: string }[]>`select media_url, media_size from messages where ticket_id = ${ticketId} and media_type = 'document' order by id`;
    expect(rows).toHaveLength(FILES);
    for (const r of rows) {
      // In the media store, whichever it is (MEDIA_STORE, decision 0385).
      const stored = await app.media.open(c.companyId, r.media_url);
      stored?.stream.destroy();
      expect(stored?.size).toBe(FILE_BYTES);
      // The message says how big it is (issue 28 §5).
      expect(Number(r.media_size)).toBe(FILE_BYTES);
    }
    // Once sent (the S3 store lends each send a spooled copy), nothing is left in the spool.
    await vi.waitFor(async () => expect((await app.owner`select count(*)::int as n from messages where ticket_id = ${ticketId} and media_type = 'document' and ack >= 1`)[0]!.n).toBe(FILES), { timeout: 30_000, interval: 100 });
    expect(await readdir(join(dataDir, 'media', '.incoming'))).toEqual([]);
  }, 60_000);
});
