/**
 * The outbound half of the WhatsAppChannel contract: every kind we send, as the customer's
 * phone shows it, on the sandbox, on Baileys over the FakeSocket (decoded by our own inbound
 * mapper) and on the Cloud API (what the fake Graph API received; what it lacks is skipped by name). Then presence, read receipts, number checks, profile pictures and coded failures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import { toVcard } from './message-body';
import { ChannelError } from './whatsapp.port';
import { baileysHarness, CUSTOMER, sandboxHarness, type ContractEnv, type Harness } from './test/contract-harness';
import { CLOUD_LACKS, cloudHarness, itWhere, useFakeGraph, type CloudLack } from './cloud/test/cloud-harness';

let app: TestApp;
let company: TestCompany;
let dir: string;
const key = randomBytes(32);
const OTHER = '5561977776666';
const jpeg = Buffer.from('jpeg-bytes-for-the-contract');
const mp4 = Buffer.from('mp4-bytes-of-a-short-video');
const pdfBytes = Buffer.from('%PDF-1.4 boleto');

beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app);
  dir = await mkdtemp(join(tmpdir(), 'balcao-outbound-'));
  await writeFile(join(dir, 'boleto.pdf'), pdfBytes);
  await writeFile(join(dir, 'foto.jpg'), jpeg);
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const env = (): ContractEnv => ({ app, company, key });
const fake = useFakeGraph();
const none: ReadonlySet<CloudLack> = new Set();

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChannelError);
  return { code: (err as ChannelError).code, temporary: (err as ChannelError).temporary };
};

describe.each([
  { adapter: 'sandbox', make: () => sandboxHarness(env()), lacks: none },
  { adapter: 'baileys (FakeSocket)', make: () => baileysHarness(env()), lacks: none },
  { adapter: 'cloud (fake Graph API)', make: () => cloudHarness(env(), fake), lacks: CLOUD_LACKS },
])('WhatsAppChannel outbound contract: $adapter', ({ make, lacks }) => {
  let h: Harness;
  const shown = async () => (await h.customerSees(CUSTOMER)).messages;
  const only = async () => {
    const all = await shown();
    expect(all).toHaveLength(1);
    return all[0]!;
  };

  beforeAll(async () => {
    h = await make();
    await h.connect();
  });
  afterAll(() => h.channel.disconnect());

  // Each test talks to its own customer-side view: a fresh harness keeps them apart.
  const fresh = async () => {
    await h.channel.disconnect();
    h = await make();
    await h.connect();
  };

  it('text: shown as text under our id', async () => {
    await fresh();
    const ref = await h.channel.send(CUSTOMER, { kind: 'text', text: 'Bom dia, *Maria*!' }, { id: 'OUT-TEXT' });
    expect(ref.id).toBe('OUT-TEXT');
    expect(await only()).toEqual({ id: 'OUT-TEXT', kind: 'text', body: 'Bom dia, *Maria*!', isForwarded: false, isEdited: false, isDeleted: false, reaction: '' });
  });

  it("a reply quotes the customer's message", async () => {
    await fresh();
    const theirs = await h.customerSends(CUSTOMER, 'Tem o modelo azul?');
    await h.channel.send(CUSTOMER, { kind: 'text', text: 'Temos sim', quoted: { id: theirs, fromMe: false, body: 'Tem o modelo azul?' } }, { id: 'OUT-REPLY' });
    expect(await only()).toMatchObject({ id: 'OUT-REPLY', kind: 'text', body: 'Temos sim', quotedId: theirs });
  });

  it('image from a file on disk, with its caption', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'image', media: { data: { path: join(dir, 'foto.jpg') }, mimetype: 'image/jpeg' }, caption: 'Catálogo novo' }, { id: 'OUT-IMG' });
    expect(await only()).toMatchObject({ id: 'OUT-IMG', kind: 'image', body: 'Catálogo novo', media: { mimetype: 'image/jpeg', caption: 'Catálogo novo', size: jpeg.length } });
  });

  it('video from memory, no caption', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'video', media: { data: mp4, mimetype: 'video/mp4' } }, { id: 'OUT-VID' });
    const m = await only();
    expect(m).toMatchObject({ kind: 'video', body: '', media: { mimetype: 'video/mp4', size: mp4.length } });
    expect(m.media!.caption).toBeUndefined();
  });

  it('document keeps its file name (the body when there is no caption)', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'document', media: { data: { path: join(dir, 'boleto.pdf') }, mimetype: 'application/pdf', fileName: 'boleto-março.pdf' } }, { id: 'OUT-DOC' });
    expect(await only()).toMatchObject({ kind: 'document', body: 'boleto-março.pdf', media: { mimetype: 'application/pdf', fileName: 'boleto-março.pdf', size: pdfBytes.length } });
  });

  it('audio file is an audio; an ogg/opus voice note is a voice note (ptt)', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'audio', media: { data: Buffer.from('ID3-song'), mimetype: 'audio/mpeg' } }, { id: 'OUT-AUD' });
    await h.channel.send(CUSTOMER, { kind: 'voice', media: { data: Buffer.from('OggS-voice'), mimetype: 'audio/ogg; codecs=opus' }, seconds: 3 }, { id: 'OUT-PTT' });
    const [audio, voice] = await shown();
    expect(audio).toMatchObject({ id: 'OUT-AUD', kind: 'audio', body: '', media: { mimetype: 'audio/mpeg', size: 8 } });
    expect(voice).toMatchObject({ id: 'OUT-PTT', kind: 'ptt', body: '', media: { size: 10 } });
  });

  it('location: body is image|link|name and address', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'location', latitude: -15.7939, longitude: -47.8828, name: 'Loja Centro', address: 'SCS Quadra 1 | Bloco A' }, { id: 'OUT-LOC' });
    expect(await only()).toMatchObject({ kind: 'location', body: '|https://maps.google.com/maps?q=-15.7939%2C-47.8828&z=17|Loja Centro\nSCS Quadra 1 / Bloco A' });
  });

  it('one contact card is a contact (its vcard); several are contacts (vcards joined)', async () => {
    await fresh();
    const ana = { name: 'Ana Lima', number: '+55 (61) 98888-7777' };
    const bia = { name: 'Bia, Suporte', number: '5511912345678' };
    await h.channel.send(CUSTOMER, { kind: 'contact', contacts: [ana] }, { id: 'OUT-VC1' });
    await h.channel.send(CUSTOMER, { kind: 'contact', contacts: [ana, bia] }, { id: 'OUT-VC2' });
    const [one, two] = await shown();
    expect(one).toMatchObject({ kind: 'contact', body: toVcard(ana) });
    expect(two).toMatchObject({ kind: 'contacts', body: `${toVcard(ana)}\n${toVcard(bia)}` });
  });

  it("reactions: on the customer's message and on ours; a new emoji replaces, '' removes; no new message", async () => {
    await fresh();
    const theirs = await h.customerSends(CUSTOMER, 'Obrigado!');
    await h.channel.send(CUSTOMER, { kind: 'text', text: 'Por nada' }, { id: 'OUT-R' });
    await h.channel.send(CUSTOMER, { kind: 'reaction', target: { id: theirs, fromMe: false }, emoji: '❤️' }, { id: 'REACT-1' });
    await h.channel.send(CUSTOMER, { kind: 'reaction', target: { id: 'OUT-R', fromMe: true }, emoji: '👍' }, { id: 'REACT-2' });
    await h.channel.send(CUSTOMER, { kind: 'reaction', target: { id: 'OUT-R', fromMe: true }, emoji: '🙏' }, { id: 'REACT-3' });
    let view = await h.customerSees(CUSTOMER);
    expect(view.messages.map((m) => [m.id, m.reaction])).toEqual([['OUT-R', '🙏']]);
    expect(view.reactions.get(theirs)).toBe('❤️');
    await h.channel.send(CUSTOMER, { kind: 'reaction', target: { id: theirs, fromMe: false }, emoji: '' }, { id: 'REACT-4' });
    view = await h.customerSees(CUSTOMER);
    expect(view.reactions.has(theirs)).toBe(false);
    expect(view.reactions.get('OUT-R')).toBe('🙏');
  });

  itWhere(lacks, 'outbound-edits')('edit replaces the body of our message and marks it edited', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'text', text: 'Entrega amanhã' }, { id: 'OUT-E' });
    await h.channel.send(CUSTOMER, { kind: 'edit', target: { id: 'OUT-E', fromMe: true }, text: 'Entrega hoje' }, { id: 'EDIT-1' });
    expect(await only()).toMatchObject({ id: 'OUT-E', body: 'Entrega hoje', isEdited: true, isDeleted: false });
  });

  itWhere(lacks, 'outbound-edits')('revoke deletes our message for everyone', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'text', text: 'mensagem errada' }, { id: 'OUT-D' });
    await h.channel.send(CUSTOMER, { kind: 'revoke', target: { id: 'OUT-D', fromMe: true } }, { id: 'DEL-1' });
    expect(await only()).toMatchObject({ id: 'OUT-D', isDeleted: true });
  });

  itWhere(lacks, 'forward-mark')('forward: text and media arrive marked forwarded', async () => {
    await fresh();
    await h.channel.send(CUSTOMER, { kind: 'forward', content: { kind: 'text', text: 'Promoção de hoje' } }, { id: 'OUT-F1' });
    await h.channel.send(CUSTOMER, { kind: 'forward', content: { kind: 'image', media: { data: jpeg, mimetype: 'image/jpeg' }, caption: 'folheto' } }, { id: 'OUT-F2' });
    const [text, image] = await shown();
    expect(text).toMatchObject({ kind: 'text', body: 'Promoção de hoje', isForwarded: true });
    expect(image).toMatchObject({ kind: 'image', body: 'folheto', isForwarded: true });
    expect(image!.quotedId).toBeUndefined();
  });

  itWhere(lacks, 'presence')('presence in the chat: the last one counts', async () => {
    await h.channel.sendPresence(CUSTOMER, 'composing');
    expect(h.lastPresence(CUSTOMER)).toBe('composing');
    await h.channel.sendPresence(CUSTOMER, 'paused');
    expect(h.lastPresence(CUSTOMER)).toBe('paused');
    expect(h.lastPresence(OTHER)).toBeUndefined();
  });

  it("markRead sends read receipts for the customer's messages, none for an empty list", async () => {
    await fresh();
    const a = await h.customerSends(CUSTOMER, 'um');
    const b = await h.customerSends(CUSTOMER, 'dois');
    await h.channel.markRead(CUSTOMER, []);
    expect(h.readIds(CUSTOMER)).toEqual([]);
    await h.channel.markRead(CUSTOMER, [a, b]);
    expect(h.readIds(CUSTOMER)).toEqual([a, b]);
  });

  itWhere(lacks, 'number-check')('checkNumber: a registered number exists (as WhatsApp knows it); another does not', async () => {
    h.setOnWhatsApp(OTHER, false);
    expect(await h.channel.checkNumber(CUSTOMER)).toEqual({ exists: true, number: CUSTOMER });
    expect(await h.channel.checkNumber(OTHER)).toEqual({ exists: false, number: OTHER });
  });

  itWhere(lacks, 'profile-pictures')('profilePicture: none by default, the URL once the contact has one', async () => {
    expect(await h.channel.profilePicture(CUSTOMER)).toBeUndefined();
    h.setProfilePicture(CUSTOMER, 'https://pps.whatsapp.net/v/t61/cliente.jpg');
    expect(await h.channel.profilePicture(CUSTOMER)).toBe('https://pps.whatsapp.net/v/t61/cliente.jpg');
  });

  itWhere(lacks, 'number-check')('a number without WhatsApp: ERR_WAPP_INVALID_CONTACT, permanent, nothing shown', async () => {
    h.setOnWhatsApp(OTHER, false);
    expect(await failure(h.channel.send(OTHER, { kind: 'text', text: 'oi' }, { id: 'OUT-NOWA' }))).toEqual({ code: 'ERR_WAPP_INVALID_CONTACT', temporary: false });
    expect((await h.customerSees(OTHER)).messages).toEqual([]);
  });

  it('a media file that is not there: ERR_SENDING_WAPP_MSG, permanent', async () => {
    await fresh();
    const missing = { kind: 'document' as const, media: { data: { path: join(dir, 'nao-existe.pdf') }, mimetype: 'application/pdf' } };
    expect(await failure(h.channel.send(CUSTOMER, missing, { id: 'OUT-MISSING' }))).toEqual({ code: 'ERR_SENDING_WAPP_MSG', temporary: false });
    expect(await shown()).toEqual([]);
  });
});
