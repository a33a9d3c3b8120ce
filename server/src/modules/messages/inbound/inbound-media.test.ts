/**
 * Media at receipt when the download fails (server-behaviour §5 step 6): the message is kept
 * with ERR_WAPP_DOWNLOAD_MEDIA, and the app's `media.download` worker fetches it again through
 * the connection's live channel. The whole app runs: session manager, pipeline, pg-boss.
 */
import { randomBytes } from 'node:crypto';
import type { DomainEvent } from '@balcao/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../../test/helpers/world';
import * as whatsappRepo from '../../whatsapp/whatsapp.repository';
import type { BaileysChannel } from '../../whatsapp/baileys/baileys.channel';
import { FakeSocket } from '../../whatsapp/baileys/test/fake-socket';
import { incomingMedia, MediaServer, mediaUrlOf } from '../../whatsapp/baileys/test/media-server';
import { newConnection, tick } from '../../whatsapp/test/contract-harness';

let app: TestApp;
let company: TestCompany;
let cdn: MediaServer;
let channel: BaileysChannel;
const sockets: FakeSocket[] = [];
const updates: Extract<DomainEvent, { type: 'message.updated' }>[] = [];

beforeAll(async () => {
  const key = randomBytes(32);
  app = await createTestApp({
    config: { waEncryptionKey: key },
    baileysSocketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  company = await createCompany(app);
  cdn = await MediaServer.start();
  app.bus.on('message.updated', (e) => void updates.push(e));
  const whatsappId = await newConnection({ app, company, key }, 'baileys');
  const row = await app.data.withTenant({ companyId: company.companyId }, ({ tx }) => whatsappRepo.get(tx, company.companyId, whatsappId));
  channel = (await app.sessions.start(row!, [])) as BaileysChannel;
  sockets.at(-1)!.qr('QR');
  await settle();
  sockets.at(-1)!.open();
  await settle();
});
afterAll(async () => {
  await cdn.close();
  await app.close();
});

const settle = async () => {
  await tick();
  await channel.idle();
};

const stored = async (waId: string) => {
  const [m] = await app.owner`select id, media_url, error_code from messages where wa_message_id = ${waId}`;
  return m as { id: number; media_url: string | null; error_code: string | null } | undefined;
};

describe('a media download that fails at receipt', () => {
  it('keeps the message with ERR_WAPP_DOWNLOAD_MEDIA, then the retry job stores the file and clears the error', async () => {
    const bytes = randomBytes(5_000);
    const msg = await incomingMedia(cdn, '5561981234567', { image: bytes, mimetype: 'image/jpeg', caption: 'comprovante', jpegThumbnail: '' });
    // The CDN answers 404 once: the download at receipt fails, the retry finds the file.
    cdn.failNext(mediaUrlOf(msg), 1);
    sockets.at(-1)!.upsert([msg]);
    await settle();

    const first = await vi.waitFor(
      () => {
        const u = updates.find((e) => e.message.waMessageId === msg.key.id && e.message.errorCode);
        expect(u).toBeDefined();
        return u!;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(first.message).toMatchObject({ body: 'comprovante', mediaType: 'image', mediaUrl: null, errorCode: 'ERR_WAPP_DOWNLOAD_MEDIA' });

    const fixed = await vi.waitFor(
      () => {
        const u = updates.find((e) => e.message.waMessageId === msg.key.id && e.message.mediaUrl);
        expect(u).toBeDefined();
        return u!;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(fixed.message.errorCode).toBeNull();
    const row = (await stored(msg.key.id!))!;
    expect(row).toMatchObject({ media_url: fixed.message.mediaUrl, error_code: null });
    expect((await app.media.read(company.companyId, row.media_url!)).equals(bytes)).toBe(true);
    expect(cdn.requests.filter((p) => p === new URL(mediaUrlOf(msg)).pathname)).toHaveLength(2);
  });

  it('a damaged file (hash mismatch) is never stored: the message keeps ERR_WAPP_DOWNLOAD_MEDIA', async () => {
    const msg = await incomingMedia(cdn, '5561981234567', { document: randomBytes(3_000), mimetype: 'application/pdf', fileName: 'nota.pdf' });
    cdn.corrupt(mediaUrlOf(msg));
    sockets.at(-1)!.upsert([msg]);
    await settle();
    await vi.waitFor(async () => expect(await stored(msg.key.id!)).toMatchObject({ error_code: 'ERR_WAPP_DOWNLOAD_MEDIA', media_url: null }), { timeout: 10_000, interval: 20 });
    // The retry job runs into the same damaged file: still no file, still the error.
    await vi.waitFor(() => expect(cdn.requests.filter((p) => p === new URL(mediaUrlOf(msg)).pathname).length).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 50 });
    expect(await stored(msg.key.id!)).toMatchObject({ error_code: 'ERR_WAPP_DOWNLOAD_MEDIA', media_url: null });
  });
});
