/**
 * The WhatsAppChannel contract, inbound kinds: whatever the customer sends (media, location,
 * contact card) reaches the pipeline as one message event with its kind, body and media facts,
 * and the media's bytes can be fetched with `downloadMedia` — on the sandbox, on Baileys
 * over the FakeSocket, where the file is really encrypted, served and decrypted, and on the Cloud
 * API, where it is looked up by id and downloaded from the fake Graph API with the token.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toVcard } from './message-body';
import { baileysHarness, baileysWorld, CUSTOMER, record, sandboxHarness, type BaileysWorld, useContractEnv } from './test/contract-harness';
import { incomingAt } from './baileys/test/messages';
import type { CustomerContent } from './test/customer-content';
import { CLOUD_LACKS, cloudHarness, itWhere, useFakeGraph, type CloudLack } from './cloud/test/cloud-harness';

const env = useContractEnv();
const fake = useFakeGraph();
const none: ReadonlySet<CloudLack> = new Set();

const bytes = (n: number) => randomBytes(n);

const MEDIA: { name: string; content: Extract<CustomerContent, { data: Buffer }>; body: string }[] = [
  { name: 'image with caption', content: { kind: 'image', data: bytes(3_000), mimetype: 'image/jpeg', caption: 'Olha a nota' }, body: 'Olha a nota' },
  { name: 'video', content: { kind: 'video', data: bytes(5_000), mimetype: 'video/mp4' }, body: '' },
  { name: 'audio', content: { kind: 'audio', data: bytes(1_500), mimetype: 'audio/mpeg' }, body: '' },
  { name: 'voice note', content: { kind: 'ptt', data: bytes(1_200), mimetype: 'audio/ogg; codecs=opus' }, body: '' },
  { name: 'document', content: { kind: 'document', data: bytes(2_000), mimetype: 'application/pdf', fileName: 'boleto.pdf' }, body: 'boleto.pdf' },
  { name: 'sticker', content: { kind: 'sticker', data: bytes(800), mimetype: 'image/webp' }, body: '' },
];

describe.each([
  { adapter: 'sandbox', make: () => sandboxHarness(env), lacks: none },
  { adapter: 'baileys (FakeSocket)', make: () => baileysHarness(env), lacks: none },
  { adapter: 'cloud (fake Graph API)', make: () => cloudHarness(env, fake), lacks: CLOUD_LACKS },
])('WhatsAppChannel contract, inbound kinds: $adapter', ({ make, lacks }) => {
  it.each(MEDIA)('delivers a $name with its kind, body and media facts; its bytes download intact', async ({ content, body }) => {
    const h = await make();
    await h.connect();
    const id = await h.customerSendsContent(CUSTOMER, content);
    expect(h.seen.messages).toHaveLength(1);
    const m = h.seen.messages[0]!;
    expect(m).toMatchObject({ id, from: CUSTOMER, kind: content.kind, body, isGroup: false, fromMe: false, isForwarded: false });
    expect(m.media).toMatchObject({ mimetype: content.mimetype, ...(lacks.has('announced-size') ? {} : { fileLength: content.data.length }), ...(content.fileName ? { fileName: content.fileName } : {}) });
    expect(m.mediaType ?? content.kind).toBe(content.kind);
    const downloaded = await h.channel.downloadMedia({ id: m.id, raw: m.raw });
    expect(downloaded.equals(content.data)).toBe(true);
    await h.channel.disconnect();
  });

  it('delivers a location as image|link|description, without media', async () => {
    const h = await make();
    await h.connect();
    await h.customerSendsContent(CUSTOMER, { kind: 'location', latitude: -15.7939, longitude: -47.8828, description: 'Loja Centro' });
    expect(h.seen.messages).toEqual([
      expect.objectContaining({ kind: 'location', body: '|https://maps.google.com/maps?q=-15.7939%2C-47.8828&z=17|Loja Centro', from: CUSTOMER }),
    ]);
    expect(h.seen.messages[0]!.media).toBeUndefined();
    await h.channel.disconnect();
  });

  it('delivers a contact card as its vcard', async () => {
    const h = await make();
    await h.connect();
    await h.customerSendsContent(CUSTOMER, { kind: 'contact', name: 'Maria Souza', number: '5511987654321' });
    expect(h.seen.messages).toEqual([expect.objectContaining({ kind: 'contact', body: toVcard({ name: 'Maria Souza', number: '5511987654321' }) })]);
    expect(h.seen.messages[0]!.media).toBeUndefined();
    await h.channel.disconnect();
  });

  itWhere(lacks, 'presence')("delivers the customer's typing and recording as presence events, never as messages", async () => {
    const h = await make();
    await h.connect();
    await h.customerPresence(CUSTOMER, 'composing');
    await h.customerPresence(CUSTOMER, 'paused');
    await h.customerPresence(CUSTOMER, 'recording');
    expect(h.seen.presences).toEqual([
      { from: CUSTOMER, presence: 'composing' },
      { from: CUSTOMER, presence: 'paused' },
      { from: CUSTOMER, presence: 'recording' },
    ]);
    expect(h.seen.messages).toEqual([]);
    await h.channel.disconnect();
  });

  it('refuses to download media of a message it does not know, with ERR_WAPP_DOWNLOAD_MEDIA', async () => {
    const h = await make();
    await h.connect();
    await expect(h.channel.downloadMedia({ id: 'NOT-A-MESSAGE', raw: null })).rejects.toMatchObject({ code: 'ERR_WAPP_DOWNLOAD_MEDIA' });
    await h.channel.disconnect();
  });
});

/** Addresses only Baileys has: the old 8-digit form of Brazilian mobiles, and LIDs. */
describe('Baileys addresses → the customer number', () => {
  const LID = '201234567890123@lid';
  const upsert = async (w: BaileysWorld, address: Parameters<typeof incomingAt>[0]) => {
    w.current().upsert([incomingAt(address)]);
    await w.settle();
  };
  const connected = async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().qr('QR');
    await w.settle();
    w.current().open();
    await w.settle();
    return { w, seen };
  };

  it('a Brazilian mobile without the 9th digit (556181234567@s.whatsapp.net) arrives as 5561981234567', async () => {
    const { w, seen } = await connected();
    await upsert(w, { remoteJid: '556181234567@s.whatsapp.net' });
    expect(seen.messages.map((m) => m.from)).toEqual(['5561981234567']);
    await w.channel.disconnect();
  });

  it('a LID-addressed message with the phone as remoteJidAlt arrives under the phone', async () => {
    const { w, seen } = await connected();
    await upsert(w, { remoteJid: LID, remoteJidAlt: '556181234567@s.whatsapp.net' });
    expect(seen.messages.map((m) => m.from)).toEqual(['5561981234567']);
    await w.channel.disconnect();
  });

  it('a LID alone: the phone from the stored lid-mapping keys, else the LID digits', async () => {
    const { w, seen } = await connected();
    await upsert(w, { remoteJid: LID });
    // Baileys' LIDMappingStore writes both directions into the socket's key store.
    await w.factoryOpts.at(-1)!.auth.keys.set({ 'lid-mapping': { '5561981234567': '201234567890123', '201234567890123_reverse': '5561981234567' } });
    await upsert(w, { remoteJid: LID });
    expect(seen.messages.map((m) => m.from)).toEqual(['201234567890123', '5561981234567']);
    await w.channel.disconnect();
  });

  it("subscribes once per contact and socket to the presence WhatsApp sends only to subscribers; a group's is not the customer's", async () => {
    const { w, seen } = await connected();
    await upsert(w, { remoteJid: '556181234567@s.whatsapp.net' });
    await upsert(w, { remoteJid: '556181234567@s.whatsapp.net' });
    expect(w.current().presenceSubscriptions).toEqual(['556181234567@s.whatsapp.net']);
    w.current().presence('120363000000000001@g.us', 'composing');
    w.current().presence(LID, 'composing');
    await w.settle();
    w.current().presence('556181234567@s.whatsapp.net', 'recording');
    await w.settle();
    // A LID without a known phone keys the contact by the LID digits, as its messages do, and says so (decision 0420).
    expect(seen.presences).toEqual([
      { from: '201234567890123', fromKind: 'lid', presence: 'composing' },
      { from: '5561981234567', presence: 'recording' },
    ]);
    await w.channel.disconnect();
  });
});
