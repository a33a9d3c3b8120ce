/**
 * The contract suites' harness for the Cloud adapter: the channel talks to the local fake Graph
 * API, and "the customer" is Meta's webhook (`receive` with the change a webhook would carry;
 * the webhook route's own signature check is tested in cloud.connection.test.ts).
 * What the Cloud API has not (customer edits and deletes, calls, presence) is listed in `lacks`.
 */
import { afterAll, beforeAll, it } from 'vitest';
import { CloudChannel } from '../cloud.channel';
import { storedCloudIds } from '../cloud-ids.repository';
import { newConnection, record, type ContractEnv, type Harness } from '../../test/contract-harness';
import { startFakeGraph, type FakeGraph, type GraphSend } from './fake-graph';
import { contactsBody, locationBody, locationDescription, playsAsVoiceNote } from '../../message-body';
import type { PhoneView, ShownMessage } from '../../test/outbound-view';
import { newWamid, statusOf, textFrom } from './webhooks';
import type { CloudMessage } from '../map-inbound';
import type { CustomerContent } from '../../test/customer-content';

export const CLOUD_TOKEN = 'EAAG-contract-token-0123456789';
export const CLOUD_PHONE_ID = '106540352200001';

/**
 * Behaviours the Cloud API does not have, by the contract tests that need them (`announced-size`:
 * a webhook names media by id without its size; the download is what tells it).
 */
export type CloudLack = 'customer-edits' | 'calls' | 'presence' | 'announced-size' | 'outbound-edits' | 'forward-mark' | 'number-check' | 'profile-pictures';
/**
 * `outbound-edits`: no edit or delete-for-everyone of a sent message; `forward-mark`: no
 * "forwarded" label; `number-check`: no "is this number on WhatsApp" (a send to one that is not
 * is accepted and fails later by status webhook, 131026); `profile-pictures`: none for businesses.
 */
export const CLOUD_LACKS: ReadonlySet<CloudLack> = new Set(['customer-edits', 'calls', 'presence', 'announced-size', 'outbound-edits', 'forward-mark', 'number-check', 'profile-pictures']);

/**
 * `it` for a contract case an adapter may lack: the case is registered only for the adapters that
 * have the feature. Never a skip: CI counts a skipped test as a failure, and what the Cloud API
 * does not offer is the one list above (decision 0371), not a test that quietly did not run.
 */
export const itWhere = (lacks: ReadonlySet<CloudLack>, feature: CloudLack): typeof it => (lacks.has(feature) ? (((..._args: unknown[]) => undefined) as unknown as typeof it) : it);

/** What the customer's phone shows of the sends the fake recorded to `to` (our ids back from biz_opaque_callback_data). */
export const cloudView = (graph: FakeGraph, sends: GraphSend[], to: string): PhoneView => {
  const ours = new Map(sends.filter((s) => s.wamid).map((s) => [s.wamid!, String(s.body.biz_opaque_callback_data)]));
  const idOf = (wamid: string) => ours.get(wamid) ?? wamid;
  const messages: ShownMessage[] = [];
  const reactions = new Map<string, string>();
  for (const { body } of sends.filter((x) => x.body.to === to && x.body.status === undefined)) {
    const type = String(body.type);
    if (type === 'reaction') {
      const r = body.reaction as { message_id: string; emoji: string };
      if (r.emoji) reactions.set(idOf(r.message_id), r.emoji);
      else reactions.delete(idOf(r.message_id));
      continue;
    }
    const quoted = (body.context as { message_id?: string } | undefined)?.message_id;
    const base = { id: String(body.biz_opaque_callback_data), ...(quoted ? { quotedId: idOf(quoted) } : {}), isForwarded: false, isEdited: false, isDeleted: false, reaction: '' };
    if (type === 'text') messages.push({ ...base, kind: 'text', body: (body.text as { body: string }).body });
    else if (type === 'location') {
      const l = body.location as { latitude: number; longitude: number; name?: string; address?: string };
      messages.push({ ...base, kind: 'location', body: locationBody('', l.latitude, l.longitude, locationDescription(l.name, l.address)) });
    } else if (type === 'contacts') {
      const cards = (body.contacts as { name: { formatted_name: string }; phones: { wa_id: string }[] }[]).map((c) => ({ name: c.name.formatted_name, number: c.phones[0]!.wa_id }));
      messages.push({ ...base, kind: cards.length === 1 ? 'contact' : 'contacts', body: contactsBody(cards) });
    } else {
      const m = body[type] as { id: string; caption?: string; filename?: string };
      const stored = graph.media.get(m.id)!;
      const kind = type === 'audio' && playsAsVoiceNote(stored.mimetype) ? 'ptt' : type;
      const media = { mimetype: stored.mimetype, ...(m.filename ? { fileName: m.filename } : {}), ...(m.caption ? { caption: m.caption } : {}), size: stored.bytes.length };
      messages.push({ ...base, kind: kind as ShownMessage['kind'], body: m.caption ?? m.filename ?? '', media });
    }
  }
  for (const m of messages) m.reaction = reactions.get(m.id) ?? '';
  return { messages, reactions };
};

/** The file's fake Graph API, started before its tests. */
export const useFakeGraph = (): { graph: FakeGraph } => {
  const holder = {} as { graph: FakeGraph };
  beforeAll(async () => {
    holder.graph = await startFakeGraph({ token: CLOUD_TOKEN, phoneNumberId: CLOUD_PHONE_ID, displayNumber: '+55 61 3333-0002' });
  });
  afterAll(() => holder.graph?.close());
  return holder;
};

/** What the customer sends, as the message of a Cloud webhook (media stored in the fake, named by id). */
const cloudContent = (graph: FakeGraph, c: CustomerContent): Partial<CloudMessage> => {
  switch (c.kind) {
    case 'location':
      return { type: 'location', location: { latitude: c.latitude, longitude: c.longitude, ...(c.description ? { name: c.description } : {}) } };
    case 'contact':
      return { type: 'contacts', contacts: [{ name: { formatted_name: c.name }, phones: [{ phone: `+${c.number}`, wa_id: c.number }] }] };
    default: {
      const type = c.kind === 'ptt' ? 'audio' : c.kind;
      const id = graph.addMedia(c.data, c.mimetype, c.fileName);
      return { type, [type]: { id, mime_type: c.mimetype, ...(c.caption ? { caption: c.caption } : {}), ...(c.fileName ? { filename: c.fileName } : {}), ...(c.kind === 'ptt' ? { voice: true } : {}) } };
    }
  }
};

const unsupported = (what: string) => () => Promise.reject(new Error(`the Cloud API has no ${what}`));

export const cloudHarness = async (env: ContractEnv, fake: { graph: FakeGraph }): Promise<Harness> => {
  const { graph } = fake;
  const whatsappId = await newConnection(env, 'cloud');
  const channel = new CloudChannel({
    whatsappId,
    phoneNumberId: CLOUD_PHONE_ID,
    api: { baseUrl: graph.base, apiVersion: 'v25.0', accessToken: CLOUD_TOKEN, allowPrivateHosts: true },
    ids: storedCloudIds(env.app.data, env.company.companyId, whatsappId),
  });
  const seen = record(channel);
  const value = (v: object) => ({ messaging_product: 'whatsapp', metadata: { display_phone_number: '556133330002', phone_number_id: CLOUD_PHONE_ID }, ...v });
  // The fake outlives harnesses: this one sees only what was sent since it was made.
  const from = graph.sends.length;
  const sent = () => graph.sends.slice(from);
  const mine = (id: string) => sent().find((s) => s.body.biz_opaque_callback_data === id);
  return {
    channel,
    seen,
    connect: () => channel.connect(),
    customerSends: async (from, body) => {
      const m = textFrom(from, body);
      await channel.receive(value({ contacts: [{ profile: { name: 'Cliente' }, wa_id: from }], messages: [m] }));
      return m.id!;
    },
    customerSendsContent: async (from, c) => {
      const m = textFrom(from, '', { text: undefined, ...cloudContent(graph, c) });
      await channel.receive(value({ contacts: [{ profile: { name: 'Cliente' }, wa_id: from }], messages: [m] }));
      return m.id!;
    },
    customerReceived: async (to) =>
      sent().filter((s) => s.body.to === to && s.body.type === 'text').map((s) => ({ id: String(s.body.biz_opaque_callback_data), body: (s.body.text as { body: string }).body })),
    customerSees: async (to) => cloudView(graph, sent(), to),
    setOnWhatsApp: () => undefined,
    setProfilePicture: () => undefined,
    lastPresence: () => undefined,
    readIds: () => sent().filter((s) => s.body.status === 'read').map((s) => String(s.body.message_id)),
    deliverAndRead: async (id) => {
      const wamid = mine(id)?.wamid;
      if (!wamid) return;
      // After disconnect() the channel refuses (the webhook job retries elsewhere): nothing is heard.
      await channel.receive(value({ statuses: [statusOf(wamid, 'delivered'), statusOf(wamid, 'read')] })).catch(() => undefined);
    },
    customerEdits: unsupported('customer edits'),
    customerRevokes: unsupported('customer deletes'),
    customerReacts: async (from, id, emoji) => {
      await channel.receive(value({ messages: [textFrom(from, '', { id: newWamid(), type: 'reaction', text: undefined, reaction: { message_id: id, emoji } })] }));
    },
    customerCalls: unsupported('calls'),
    customerPresence: unsupported('presence'),
    rejectedCalls: () => [],
    settle: async () => undefined,
  };
};
