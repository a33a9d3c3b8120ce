import { describe, expect, it } from 'vitest';
import { mapCloudChange, UNSUPPORTED_BODY, type CloudMessage } from './map-inbound';

const CUSTOMER = '5561981234567';
const msg = (type: string, extra: Partial<CloudMessage>): CloudMessage => ({ from: '556181234567', id: `wamid.${type}`, timestamp: '1750857384', type, ...extra });
const one = async (m: CloudMessage, ours: Record<string, string> = {}) => (await mapCloudChange({ contacts: [{ profile: { name: 'Maria' }, wa_id: m.from }], messages: [m] }, async (w) => ours[w]))[0]!;

describe('mapCloudChange: messages', () => {
  it("a text: the customer's number with the Brazilian 9th digit, push name, time, the wamid as id and in raw", async () => {
    expect(await one(msg('text', { text: { body: 'oi' } }))).toEqual({
      type: 'message',
      message: { id: 'wamid.text', from: CUSTOMER, pushName: 'Maria', timestamp: new Date(1750857384_000), isGroup: false, fromMe: false, isForwarded: false, kind: 'text', body: 'oi', raw: { cloud: { wamid: 'wamid.text', message: expect.any(Object) } } },
    });
  });

  it.each([
    ['image', { image: { id: 'M1', mime_type: 'image/jpeg', caption: 'foto' } }, 'image', 'foto'],
    ['video', { video: { id: 'M1', mime_type: 'video/mp4' } }, 'video', ''],
    ['sticker', { sticker: { id: 'M1', mime_type: 'image/webp' } }, 'sticker', ''],
    ['audio', { audio: { id: 'M1', mime_type: 'audio/mpeg' } }, 'audio', ''],
    ['audio', { audio: { id: 'M1', mime_type: 'audio/ogg; codecs=opus', voice: true } }, 'ptt', ''],
    ['document', { document: { id: 'M1', mime_type: 'application/pdf', filename: 'nota.pdf' } }, 'document', 'nota.pdf'],
  ] as const)('%s → %s, media by id M1', async (type, extra, kind, body) => {
    const e = await one(msg(type, extra));
    expect(e).toMatchObject({ type: 'message', message: { kind, body, media: { mimetype: expect.any(String) }, raw: { cloud: { mediaId: 'M1' } } } });
  });

  it("a reply names our message by our id, the customer's by its wamid; a forward is marked", async () => {
    expect(await one(msg('text', { text: { body: 'x' }, context: { id: 'wamid.OURS' } }), { 'wamid.OURS': 'OUR-1' })).toMatchObject({ message: { quotedId: 'OUR-1' } });
    expect(await one(msg('text', { text: { body: 'x' }, context: { id: 'wamid.THEIRS', forwarded: true } }))).toMatchObject({ message: { quotedId: 'wamid.THEIRS', isForwarded: true } });
  });

  it('several contact cards are contacts; a template button is a button reply; an unknown type a placeholder naming it', async () => {
    const cards = await one(msg('contacts', { contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ wa_id: '5561988887777' }] }, { name: { formatted_name: 'Bia' }, phones: [{ phone: '+5561977776666' }] }] }));
    expect(cards).toMatchObject({ message: { kind: 'contacts', body: expect.stringContaining('FN:Bia') } });
    expect(await one(msg('button', { button: { text: 'Parar promoções', payload: 'STOP' } }))).toMatchObject({ message: { kind: 'buttonReply', body: 'Parar promoções' } });
    expect(await one(msg('unsupported', {}))).toMatchObject({ message: { kind: 'text', body: UNSUPPORTED_BODY('unsupported') } });
  });

  it("a reaction is a reaction on its target (ours by our id), never a message; '' removes", async () => {
    expect(await one(msg('reaction', { reaction: { message_id: 'wamid.OURS', emoji: '' } }), { 'wamid.OURS': 'OUR-1' })).toEqual({
      type: 'reaction',
      reaction: { id: 'wamid.reaction', targetId: 'OUR-1', emoji: '', fromMe: false, from: CUSTOMER },
    });
  });
});

describe('mapCloudChange: statuses', () => {
  it('sent 2, delivered 3, read 4, failed -1 with its error; our id from the map or biz_opaque_callback_data; unknown statuses dropped', async () => {
    const events = await mapCloudChange(
      {
        statuses: [
          { id: 'wamid.A', status: 'sent' },
          { id: 'wamid.A', status: 'delivered' },
          { id: 'wamid.B', status: 'read', biz_opaque_callback_data: 'OUR-B' },
          { id: 'wamid.A', status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'not on WhatsApp' } }] },
          { id: 'wamid.A', status: 'deleted' },
        ],
      },
      async (w) => (w === 'wamid.A' ? 'OUR-A' : undefined),
    );
    expect(events).toEqual([
      { type: 'ack', ack: { id: 'OUR-A', ack: 2 } },
      { type: 'ack', ack: { id: 'OUR-A', ack: 3 } },
      { type: 'ack', ack: { id: 'OUR-B', ack: 4 } },
      { type: 'ack', ack: { id: 'OUR-A', ack: -1, error: '131026 not on WhatsApp' } },
    ]);
  });
});

describe('mapCloudChange: who sent it (issue 29 §5; decision 0420)', () => {
  const text = (extra: Partial<CloudMessage>): CloudMessage => ({ id: 'wamid.who', timestamp: '1750857384', type: 'text', text: { body: 'oi' }, ...extra });
  const sender = async (m: CloudMessage, contacts: NonNullable<Parameters<typeof mapCloudChange>[0]['contacts']>) => {
    const e = (await mapCloudChange({ contacts, messages: [m] }, async () => undefined))[0];
    if (!e || e.type !== 'message') return e;
    const { from, fromKind, identities, pushName } = e.message;
    return { from, fromKind, identities, pushName };
  };

  it('the phone with the business-scoped user id and username beside it: the phone keys the message, all three are named', async () => {
    expect(await sender(text({ from: '556181234567', from_user_id: 'BR.1502576394655843' }), [{ profile: { name: 'Maria', username: 'maria.lopes' }, wa_id: '556181234567', user_id: 'BR.1502576394655843' }])).toEqual({
      from: CUSTOMER,
      fromKind: undefined,
      identities: { phone: CUSTOMER, cloudUserId: 'BR.1502576394655843', username: 'maria.lopes' },
      pushName: 'Maria',
    });
  });

  it('no phone (withheld behind a username): the user id keys the message, with the username beside it; the sender block found by its user id', async () => {
    expect(
      await sender(text({ from_user_id: 'BR.1502576394655843' }), [
        { profile: { name: 'Outra' }, user_id: 'BR.999' },
        { profile: { name: 'Maria', username: 'maria.lopes' }, user_id: 'BR.1502576394655843' },
      ]),
    ).toEqual({ from: 'BR.1502576394655843', fromKind: 'cloud_user_id', identities: { cloudUserId: 'BR.1502576394655843', username: 'maria.lopes' }, pushName: 'Maria' });
  });

  it('a user id alone names nothing else; a username alone keys the message by it; a message naming nobody is dropped', async () => {
    expect(await sender(text({ from_user_id: 'BR.77' }), [{ profile: { name: 'Ana' }, user_id: 'BR.77' }])).toEqual({ from: 'BR.77', fromKind: 'cloud_user_id', identities: undefined, pushName: 'Ana' });
    expect(await sender(text({}), [{ profile: { name: 'Ana', username: 'ana.b' } }])).toEqual({ from: 'ana.b', fromKind: 'username', identities: undefined, pushName: 'Ana' });
    expect(await sender(text({}), [])).toBeUndefined();
  });

  it("a reaction from a customer known by user id only names them by it", async () => {
    const [e] = await mapCloudChange(
      { contacts: [{ user_id: 'BR.77' }], messages: [text({ from_user_id: 'BR.77', type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } })] },
      async () => undefined,
    );
    expect(e).toEqual({ type: 'reaction', reaction: { id: 'wamid.who', targetId: 'wamid.X', emoji: '👍', fromMe: false, from: 'BR.77' } });
  });
});

describe("mapCloudChange: a customer's identifiers changed (decision 0424)", () => {
  const system = (extra: Partial<CloudMessage>): CloudMessage => ({ id: 'wamid.system', timestamp: '1750857384', type: 'system', ...extra });
  const events = async (m: CloudMessage) => mapCloudChange({ messages: [m] }, async () => undefined);

  it('user_changed_number: the old phone in `from` and the previous user id become the new phone (normalized) and user id; never a message', async () => {
    expect(await events(system({ from: '556181234567', system: { body: 'User Maria changed from 556181234567 to 556199887766', type: 'user_changed_number', wa_id: '556199887766', user_id: 'BR.2', previous_user_id: 'BR.1' } }))).toEqual([
      { type: 'identityChange', change: { previous: { phone: CUSTOMER, cloudUserId: 'BR.1' }, current: { phone: '5561999887766', cloudUserId: 'BR.2' } } },
    ]);
    // Before 2026 (and Graph v12): customer_changed_number, new_wa_id.
    expect(await events(system({ from: '556181234567', system: { type: 'customer_changed_number', new_wa_id: '556199887766' } }))).toEqual([
      { type: 'identityChange', change: { previous: { phone: CUSTOMER }, current: { phone: '5561999887766' } } },
    ]);
  });

  it('user_changed_user_id: the previous user id becomes the new one, the phone beside it when Meta shares it', async () => {
    expect(await events(system({ system: { type: 'user_changed_user_id', user_id: 'BR.2', previous_user_id: 'BR.1' } }))).toEqual([
      { type: 'identityChange', change: { previous: { cloudUserId: 'BR.1' }, current: { cloudUserId: 'BR.2' } } },
    ]);
    expect(await events(system({ from: '556181234567', from_user_id: 'BR.2', system: { type: 'user_changed_user_id', previous_user_id: 'BR.1' } }))).toEqual([
      { type: 'identityChange', change: { previous: { cloudUserId: 'BR.1' }, current: { phone: CUSTOMER, cloudUserId: 'BR.2' } } },
    ]);
  });

  it('a change naming no new value, or the same one, changes nothing: like another system type, a visible placeholder (when it names a sender)', async () => {
    const placeholder = [{ type: 'message', message: { from: CUSTOMER, body: UNSUPPORTED_BODY('system') } }];
    expect(await events(system({ from: '556181234567', system: { type: 'user_changed_number' } }))).toMatchObject(placeholder);
    expect(await events(system({ system: { type: 'user_changed_user_id', user_id: 'BR.1', previous_user_id: 'BR.1' } }))).toEqual([]);
    expect(await events(system({ from: '556181234567', system: { type: 'customer_identity_changed', body: 'security code changed' } }))).toMatchObject(placeholder);
  });
});
