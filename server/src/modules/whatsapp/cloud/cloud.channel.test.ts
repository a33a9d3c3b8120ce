/**
 * The Cloud adapter against the local fake Graph API (test/fake-graph.ts): what each send puts on
 * the wire, media by upload and by id (an expired URL looked up again), read marks, and each
 * failure code of the failure policy's Cloud table as the send worker sees it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusUpdate } from '../whatsapp.port';
import { ChannelError } from '../whatsapp.port';
import { CloudChannel } from './cloud.channel';
import { memoryCloudIds } from './cloud-ids';
import { startFakeGraph, type FakeGraph } from './test/fake-graph';

const TOKEN = 'EAAG-test-token';
const PHONE_ID = '106540352242922';
const CUSTOMER = '5561981234567';
let graph: FakeGraph;

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, displayNumber: '+55 61 3333-0000' });
});
afterAll(() => graph?.close());

const channel = async (token = TOKEN) => {
  const c = new CloudChannel({ whatsappId: 1, phoneNumberId: PHONE_ID, api: { baseUrl: graph.base, apiVersion: 'v25.0', accessToken: token, allowPrivateHosts: true }, ids: memoryCloudIds() });
  const statuses: StatusUpdate[] = [];
  c.on('status', (s) => void statuses.push(s));
  await c.connect();
  graph.sends.length = 0;
  return { c, statuses };
};
const lastSend = () => graph.sends.at(-1)!.body;
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ChannelError);
  return err as ChannelError;
};

describe('Cloud adapter: connection', () => {
  it('connects when the token reads the number: CONNECTED with its digits', async () => {
    const { statuses } = await channel();
    expect(statuses).toEqual([{ status: 'CONNECTED', qrcode: '', number: '556133330000' }]);
  });

  it('a refused token: DISCONNECTED with the logged-out alert (190), and sends refused as not initialized', async () => {
    const { c, statuses } = await channel('a-wrong-token');
    expect(statuses).toEqual([{ status: 'DISCONNECTED', qrcode: '', alert: { kind: 'logged-out', code: 190, reason: expect.stringContaining('190') } }]);
    const err = await failure(c.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'OUR-0' }));
    expect(err.code).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(graph.sends).toEqual([]);
  });
});

describe('Cloud adapter: sending', () => {
  it('text: messaging_product whatsapp, to the number, our id as biz_opaque_callback_data; our id back, the wamid in raw', async () => {
    const { c } = await channel();
    const ref = await c.send(CUSTOMER, { kind: 'text', text: 'Bom dia!' }, { id: 'OUR-1' });
    expect(lastSend()).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, biz_opaque_callback_data: 'OUR-1', type: 'text', text: { body: 'Bom dia!', preview_url: false } });
    expect(ref).toEqual({ id: 'OUR-1', raw: { cloud: { wamid: graph.sends.at(-1)!.wamid, message: lastSend() } } });
  });

  it("a reply names the quoted message by its wamid (ours through the id map, the customer's as is); a reaction too", async () => {
    const { c } = await channel();
    await c.send(CUSTOMER, { kind: 'text', text: 'Pedido 42' }, { id: 'OUR-2' });
    const ourWamid = graph.sends.at(-1)!.wamid;
    await c.send(CUSTOMER, { kind: 'text', text: 'Confirmado', quoted: { id: 'OUR-2', fromMe: true, body: 'Pedido 42' } }, { id: 'OUR-3' });
    expect(lastSend().context).toEqual({ message_id: ourWamid });
    await c.send(CUSTOMER, { kind: 'text', text: 'Sim', quoted: { id: 'wamid.CUSTOMER-1', fromMe: false, body: 'Pode ser?' } }, { id: 'OUR-4' });
    expect(lastSend().context).toEqual({ message_id: 'wamid.CUSTOMER-1' });
    await c.send(CUSTOMER, { kind: 'reaction', target: { id: 'OUR-2', fromMe: true }, emoji: '👍' }, { id: 'OUR-5' });
    expect(lastSend()).toMatchObject({ type: 'reaction', reaction: { message_id: ourWamid, emoji: '👍' } });
  });

  it('media is uploaded first and sent by its id: an image from disk with its caption, a document with its file name, a voice note as audio', async () => {
    const { c } = await channel();
    const dir = mkdtempSync(join(tmpdir(), 'cloud-media-'));
    writeFileSync(join(dir, 'foto.jpg'), Buffer.from('JPEG BYTES'));
    const image = await c.send(CUSTOMER, { kind: 'image', media: { data: { path: join(dir, 'foto.jpg') }, mimetype: 'image/jpeg' }, caption: 'A foto' }, { id: 'OUR-6' });
    const imageId = (lastSend().image as { id: string }).id;
    expect(lastSend()).toMatchObject({ type: 'image', image: { id: imageId, caption: 'A foto' } });
    expect(graph.media.get(imageId)).toMatchObject({ bytes: Buffer.from('JPEG BYTES'), mimetype: 'image/jpeg', fileName: 'foto.jpg' });
    expect(image.raw).toMatchObject({ cloud: { mediaId: imageId } });
    await c.send(CUSTOMER, { kind: 'document', media: { data: Buffer.from('%PDF'), mimetype: 'application/pdf', fileName: 'nota.pdf' } }, { id: 'OUR-7' });
    expect(lastSend()).toMatchObject({ type: 'document', document: { filename: 'nota.pdf' } });
    await c.send(CUSTOMER, { kind: 'voice', media: { data: Buffer.from('OggS'), mimetype: 'audio/ogg; codecs=opus' } }, { id: 'OUR-8' });
    const audioId = (lastSend().audio as { id: string }).id;
    expect(graph.media.get(audioId)?.mimetype).toBe('audio/ogg');
  });

  it('location and contact cards', async () => {
    const { c } = await channel();
    await c.send(CUSTOMER, { kind: 'location', latitude: -15.79, longitude: -47.88, name: 'Loja', address: 'SCS Q1' }, { id: 'OUR-9' });
    expect(lastSend()).toMatchObject({ type: 'location', location: { latitude: -15.79, longitude: -47.88, name: 'Loja', address: 'SCS Q1' } });
    await c.send(CUSTOMER, { kind: 'contact', contacts: [{ name: 'Ana', number: '+55 61 98888-7777' }] }, { id: 'OUR-10' });
    expect(lastSend()).toMatchObject({ type: 'contacts', contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ phone: '+5561988887777', wa_id: '5561988887777' }] }] });
  });

  it('an interactive list (decision 0430): its body, the button and the rows in one section', async () => {
    const { c } = await channel();
    const rows = [1, 2, 3, 4, 5].map((n) => ({ id: `csat:${n}`, title: `${n} - Nota` }));
    await c.send(CUSTOMER, { kind: 'list', body: 'Como foi?', button: 'Avaliar', rows }, { id: 'OUR-12' });
    expect(lastSend()).toMatchObject({ to: CUSTOMER, biz_opaque_callback_data: 'OUR-12', type: 'interactive', interactive: { type: 'list', body: { text: 'Como foi?' }, action: { button: 'Avaliar', sections: [{ rows }] } } });
  });

  it('edit and delete-for-everyone do not exist on the Cloud API: permanent ERR_SENDING_WAPP_MSG, nothing sent; a missing file likewise', async () => {
    const { c } = await channel();
    for (const content of [{ kind: 'edit', target: { id: 'OUR-1', fromMe: true }, text: 'x' }, { kind: 'revoke', target: { id: 'OUR-1', fromMe: true } }, { kind: 'image', media: { data: { path: '/nowhere/x.jpg' }, mimetype: 'image/jpeg' } }] as const) {
      const err = await failure(c.send(CUSTOMER, content, { id: 'OUR-11' }));
      expect([err.code, err.temporary]).toEqual(['ERR_SENDING_WAPP_MSG', false]);
    }
    expect(graph.sends).toEqual([]);
  });

  it("markRead marks each of the customer's messages read by its wamid; none for an empty list", async () => {
    const { c } = await channel();
    await c.markRead(CUSTOMER, []);
    await c.markRead(CUSTOMER, ['wamid.A', 'wamid.B']);
    expect(graph.sends.map((s) => s.body)).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.A' },
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.B' },
    ]);
  });
});

describe('Cloud adapter: media by id', () => {
  it("downloads a customer's media through its URL with the token; an expired URL is looked up again", async () => {
    const { c } = await channel();
    const mediaId = graph.addMedia(Buffer.from('VOICE'), 'audio/ogg');
    expect(await c.downloadMedia({ id: 'wamid.M1', raw: { cloud: { wamid: 'wamid.M1', mediaId } } })).toEqual(Buffer.from('VOICE'));
    graph.lookups.length = 0;
    graph.downloads.length = 0;
    graph.expireUrls(1);
    expect(await c.downloadMedia({ id: 'wamid.M1', raw: { cloud: { wamid: 'wamid.M1', mediaId } } })).toEqual(Buffer.from('VOICE'));
    expect([graph.lookups, graph.downloads]).toEqual([[mediaId, mediaId], [mediaId]]);
  });

  it('a message without a Cloud media id, or media Meta no longer has: ERR_WAPP_DOWNLOAD_MEDIA', async () => {
    const { c } = await channel();
    expect((await failure(c.downloadMedia({ id: 'x', raw: null }))).code).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
    const err = await failure(c.downloadMedia({ id: 'x', raw: { cloud: { wamid: 'x', mediaId: '999' } } }));
    expect([err.code, err.temporary]).toEqual(['ERR_WAPP_DOWNLOAD_MEDIA', false]);
  });
});

describe('Cloud adapter: failures, by the failure policy', () => {
  it.each([
    ['window', 'ERR_SENDING_WAPP_MSG', false, /131047/],
    ['throughput', 'ERR_SENDING_WAPP_MSG', true, /130429/],
    ['server', 'ERR_SENDING_WAPP_MSG', true, /temporarily/],
  ] as const)('%s: %s, temporary %s; the connection stays up', async (kind, code, temporary, reason) => {
    const { c, statuses } = await channel();
    graph.fail({ kind }, 1);
    const err = await failure(c.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'OUR-12' }));
    expect([err.code, err.temporary]).toEqual([code, temporary]);
    expect(err.message).toMatch(reason);
    expect(statuses.map((s) => s.status)).toEqual(['CONNECTED']);
    await c.send(CUSTOMER, { kind: 'text', text: 'de novo' }, { id: 'OUR-13' });
  });

  it("a message Meta will not send to a business-scoped user id (131062): permanent ERR_SENDING_WAPP_MSG saying the phone is needed; the connection stays up", async () => {
    const { c, statuses } = await channel();
    graph.fail({ kind: 'error', status: 400, code: 131062, message: 'Business-scoped user ID recipients are not supported for this message' }, 1);
    const err = await failure(c.send('BR.15021234567890123', { kind: 'text', text: 'código 123456' }, { id: 'OUR-16' }));
    expect([err.code, err.temporary]).toEqual(['ERR_SENDING_WAPP_MSG', false]);
    expect(err.message).toMatch(/phone.*\(131062\)/);
    expect(statuses.map((s) => s.status)).toEqual(['CONNECTED']);
    await c.send('BR.15021234567890123', { kind: 'text', text: 'de novo' }, { id: 'OUR-17' });
    expect(graph.sends.at(-1)?.body.recipient).toBe('BR.15021234567890123');
  });

  it('a token revoked while connected (190): the send fails permanently, the connection goes DISCONNECTED once with the alert', async () => {
    const { c, statuses } = await channel();
    graph.fail({ kind: 'token' });
    const err = await failure(c.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'OUR-14' }));
    graph.fail(undefined);
    expect([err.code, err.temporary]).toEqual(['ERR_WAPP_NOT_INITIALIZED', false]);
    expect(statuses.slice(1)).toEqual([{ status: 'DISCONNECTED', qrcode: '', alert: { kind: 'logged-out', code: 190, reason: expect.any(String) } }]);
    expect((await failure(c.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'OUR-15' }))).code).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(statuses).toHaveLength(2);
  });
});
