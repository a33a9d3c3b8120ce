import { describe, expect, it } from 'vitest';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { mapCall, mapInbound, mapUpdate } from './map-inbound';
import { REVOKED_BODY, type NormalizedMessage } from './normalized';
import {
  AT,
  CUSTOMER_DIGITS,
  CUSTOMER_LID,
  CUSTOMER_LID_DIGITS,
  CUSTOMER_OLD_PN,
  MEMBER_LID,
  SELF_PN,
  TS,
  VCARD_ANA,
  VCARD_BRUNO,
  calls,
  inbound,
  updates,
  waMessage,
} from './fixtures/inbound';

/** The fields every incoming message from our old-form customer shares; each test states the rest. */
const fromCustomer = (rest: Pick<NormalizedMessage, 'id' | 'kind' | 'body'> & Partial<NormalizedMessage>): NormalizedMessage => ({
  type: 'message',
  from: CUSTOMER_DIGITS,
  fromIsLid: false,
  isGroup: false,
  fromMe: false,
  pushName: 'Maria Souza',
  timestamp: AT,
  isForwarded: false,
  viewOnce: false,
  ephemeral: false,
  ...rest,
});

const lidToPhone = (lid: string) => (lid === CUSTOMER_LID ? CUSTOMER_OLD_PN : undefined);
const map = (msg: WAMessage) => mapInbound(msg, { self: SELF_PN });

describe('mapInbound: text', () => {
  it('conversation → text; the old 8-digit number gets the 9th digit', () => {
    expect(map(inbound.text)).toStrictEqual(fromCustomer({ id: '3EB0TEXT', kind: 'text', body: 'Olá, bom dia!' }));
  });

  it('a landline keeps its number', () => {
    expect(map(inbound.landlineText)).toStrictEqual(fromCustomer({ id: '3EB0LAND', from: '556132345678', pushName: 'Empresa X', kind: 'text', body: 'Central' }));
  });

  it('extendedTextMessage → extendedText with the link, quote and forward flag', () => {
    expect(map(inbound.extendedText)).toStrictEqual(
      fromCustomer({ id: '3EB0EXT', kind: 'extendedText', body: 'Veja https://example.com/pedido/42', quotedId: '3EB0QUOTED', isForwarded: true }),
    );
  });

  it("a business's buttons message shows as its text (extractMessageContent)", () => {
    expect(map(inbound.buttonsMessage)).toStrictEqual(fromCustomer({ id: '3EB0BIZ', kind: 'text', body: 'Escolha uma opção' }));
  });
});

describe('mapInbound: media', () => {
  it('image in a view-once v2 wrapper: caption as body, viewOnce', () => {
    expect(map(inbound.imageViewOnce)).toStrictEqual(
      fromCustomer({
        id: '3EB0IMG',
        kind: 'image',
        body: 'foto do produto',
        media: { mimetype: 'image/jpeg', caption: 'foto do produto', fileLength: 34567 },
        viewOnce: true,
      }),
    );
  });

  it('image without caption: empty body', () => {
    expect(map(inbound.image)).toStrictEqual(fromCustomer({ id: '3EB0IMG2', kind: 'image', body: '', media: { mimetype: 'image/png', fileLength: 1024 } }));
  });

  it('video in an ephemeral wrapper: ephemeral, seconds', () => {
    expect(map(inbound.videoEphemeral)).toStrictEqual(
      fromCustomer({
        id: '3EB0VID',
        kind: 'video',
        body: 'olha isso',
        media: { mimetype: 'video/mp4', caption: 'olha isso', seconds: 12, fileLength: 2_000_000 },
        ephemeral: true,
      }),
    );
  });

  it('each signal alone flags ephemeral / view-once', () => {
    const build = (id: string, message: proto.IMessage, isViewOnce?: boolean) =>
      waMessage({ key: { remoteJid: CUSTOMER_OLD_PN, fromMe: false, id }, message, messageTimestamp: TS }, isViewOnce ? { isViewOnce } : {});
    const flags = (m: WAMessage) => {
      const e = mapInbound(m);
      return e.type === 'message' ? { ephemeral: e.ephemeral, viewOnce: e.viewOnce, body: e.body } : e;
    };
    expect(flags(build('W1', { ephemeralMessage: { message: { conversation: 'a' } } }))).toStrictEqual({ ephemeral: true, viewOnce: false, body: 'a' });
    expect(flags(build('W2', { extendedTextMessage: { text: 'b', contextInfo: { expiration: 86400 } } }))).toStrictEqual({ ephemeral: true, viewOnce: false, body: 'b' });
    expect(flags(build('W3', { viewOnceMessage: { message: { imageMessage: { caption: 'c' } } } }))).toStrictEqual({ ephemeral: false, viewOnce: true, body: 'c' });
    expect(flags(build('W4', { viewOnceMessageV2Extension: { message: { audioMessage: { ptt: true } } } }))).toStrictEqual({ ephemeral: false, viewOnce: true, body: '' });
    expect(flags(build('W5', { imageMessage: { caption: 'd', viewOnce: true } }))).toStrictEqual({ ephemeral: false, viewOnce: true, body: 'd' });
    expect(flags(build('W6', { imageMessage: { caption: 'e' } }, true))).toStrictEqual({ ephemeral: false, viewOnce: true, body: 'e' });
    expect(flags(build('W7', { ephemeralMessage: { message: { viewOnceMessageV2: { message: { videoMessage: { caption: 'f' } } } } } }))).toStrictEqual({
      ephemeral: true,
      viewOnce: true,
      body: 'f',
    });
  });

  it('audio file → audio', () => {
    expect(map(inbound.audio)).toStrictEqual(fromCustomer({ id: '3EB0AUD', kind: 'audio', body: '', media: { mimetype: 'audio/mpeg', seconds: 185, fileLength: 2_960_000 } }));
  });

  it('voice note (ptt) from a LID chat → ptt, number from remoteJidAlt, lid kept', () => {
    expect(map(inbound.pttFromLid)).toStrictEqual(
      fromCustomer({ id: '3EB0PTT', lid: CUSTOMER_LID_DIGITS, kind: 'ptt', body: '', media: { mimetype: 'audio/ogg; codecs=opus', seconds: 7 } }),
    );
  });

  it('documentWithCaptionMessage is unwrapped: caption as body', () => {
    expect(map(inbound.documentWithCaption)).toStrictEqual(
      fromCustomer({
        id: '3EB0DOCC',
        kind: 'document',
        body: 'segue o boleto',
        media: { mimetype: 'application/pdf', fileName: 'boleto.pdf', caption: 'segue o boleto', fileLength: 52000 },
      }),
    );
  });

  it('document without caption: the file name is the body', () => {
    expect(map(inbound.document)).toStrictEqual(fromCustomer({ id: '3EB0DOC', kind: 'document', body: 'planilha.csv', media: { mimetype: 'text/csv', fileName: 'planilha.csv' } }));
  });

  it('sticker', () => {
    expect(map(inbound.sticker)).toStrictEqual(fromCustomer({ id: '3EB0STK', kind: 'sticker', body: '', media: { mimetype: 'image/webp', fileLength: 15000 } }));
  });
});

describe('mapInbound: location and contacts (attendance §3 body rules)', () => {
  it('location: thumbnail data URL | maps link | name and address ("|" inside becomes "/")', () => {
    expect(map(inbound.location)).toStrictEqual(
      fromCustomer({
        id: '3EB0LOC',
        kind: 'location',
        body: 'data:image/jpeg;base64,/9j/2Q==|https://maps.google.com/maps?q=-15.7939%2C-47.8828&z=17|Loja Centro\nSCS Quadra 1 / Bloco A, Brasília',
      }),
    );
  });

  it('location without thumbnail or description: empty image and no third part', () => {
    expect(map(inbound.locationBare)).toStrictEqual(fromCustomer({ id: '3EB0LOC2', kind: 'location', body: '|https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17' }));
  });

  it('live location: the caption is the description', () => {
    expect(map(inbound.liveLocation)).toStrictEqual(
      fromCustomer({ id: '3EB0LIVE', kind: 'liveLocation', body: 'data:image/jpeg;base64,/9j/2Q==|https://maps.google.com/maps?q=-15.8%2C-47.9&z=17|Estou chegando' }),
    );
  });

  it('contact card: the vcard is the body', () => {
    expect(map(inbound.contact)).toStrictEqual(fromCustomer({ id: '3EB0VCF', kind: 'contact', body: VCARD_ANA }));
  });

  it('contacts array: the vcards joined by a newline', () => {
    expect(map(inbound.contacts)).toStrictEqual(fromCustomer({ id: '3EB0VCFS', kind: 'contacts', body: `${VCARD_ANA}\n${VCARD_BRUNO}` }));
  });
});

describe('mapInbound: replies and polls', () => {
  it('buttons response → buttonReply with the text and the button id', () => {
    expect(map(inbound.buttonsResponse)).toStrictEqual(fromCustomer({ id: '3EB0BTN', kind: 'buttonReply', body: 'Financeiro', selectedId: 'queue-1', quotedId: 'BAE5MENU' }));
  });

  it('template button reply → buttonReply', () => {
    expect(map(inbound.templateButtonReply)).toStrictEqual(fromCustomer({ id: '3EB0TPL', kind: 'buttonReply', body: 'Suporte', selectedId: 'opt-2' }));
  });

  it('interactive (native flow) response → buttonReply, id from paramsJson', () => {
    expect(map(inbound.interactiveResponse)).toStrictEqual(fromCustomer({ id: '3EB0NFLOW', kind: 'buttonReply', body: 'Comercial', selectedId: 'queue-3' }));
  });

  it('list response → listReply with the row title and id', () => {
    expect(map(inbound.listResponse)).toStrictEqual(fromCustomer({ id: '3EB0LIST', kind: 'listReply', body: 'Segunda via', selectedId: 'row-7' }));
  });

  it.each([
    ['poll', '3EB0POLL', 'Qual horário?\n1. Manhã\n2. Tarde'],
    ['pollV2', '3EB0POLL2', 'Loja?\n1. Centro\n2. Sul'],
    ['pollV3', '3EB0POLL3', 'Nota do atendimento\n1. 1\n2. 2\n3. 3'],
  ] as const)('%s → poll shown as text (question, numbered options)', (fixture, id, body) => {
    expect(map(inbound[fixture])).toStrictEqual(fromCustomer({ id, kind: 'poll', body }));
  });
});

describe('mapInbound: reactions, edits, revokes', () => {
  it('reaction → the target id and emoji', () => {
    expect(map(inbound.reaction)).toStrictEqual({
      type: 'reaction',
      id: '3EB0REACT',
      targetId: 'BAE5OURMSG',
      emoji: '👍',
      fromMe: false,
      timestamp: AT,
      from: CUSTOMER_DIGITS,
      fromIsLid: false,
      isGroup: false,
    });
  });

  it("a removed reaction has emoji ''", () => {
    expect(map(inbound.reactionRemoved)).toMatchObject({ type: 'reaction', id: '3EB0UNREACT', targetId: 'BAE5OURMSG', emoji: '' });
  });

  it('protocolMessage REVOKE → revoke of the target', () => {
    expect(map(inbound.revoke)).toStrictEqual({ type: 'revoke', targetId: '3EB0TEXT', fromMe: false });
    expect(REVOKED_BODY).toBe('Essa mensagem foi apagada pelo contato');
  });

  it('editedMessage wrapper around MESSAGE_EDIT → edit with the new text and its time', () => {
    expect(map(inbound.edit)).toStrictEqual({ type: 'edit', targetId: '3EB0TEXT', body: 'Olá, boa tarde!', fromMe: false, editedAt: new Date((TS + 60) * 1000) });
  });

  it('a bare MESSAGE_EDIT of a caption → edit with the caption (message time when none given)', () => {
    expect(map(inbound.editCaption)).toStrictEqual({ type: 'edit', targetId: '3EB0IMG2', body: 'nova legenda', fromMe: false, editedAt: AT });
  });
});

describe('mapInbound: addresses', () => {
  it('group: the group id as from, the LID author resolved through participantAlt', () => {
    expect(map(inbound.groupText)).toStrictEqual({
      type: 'message',
      id: '3EB0GRP',
      from: '120363025246125244',
      fromIsLid: false,
      isGroup: true,
      participant: '5521987650000',
      participantIsLid: false,
      fromMe: false,
      pushName: 'Carlos',
      timestamp: AT,
      kind: 'text',
      body: 'Bom dia, grupo',
      isForwarded: false,
      viewOnce: false,
      ephemeral: false,
    });
  });

  it('group author without participantAlt: lidToPhone, else the LID digits flagged', () => {
    const msg = waMessage({ key: { remoteJid: inbound.groupText.key.remoteJid, fromMe: false, id: 'G2', participant: MEMBER_LID }, message: { conversation: 'x' }, messageTimestamp: TS });
    expect(mapInbound(msg, { lidToPhone: () => '5521987650000' })).toMatchObject({ participant: '5521987650000', participantIsLid: false });
    expect(mapInbound(msg)).toMatchObject({ participant: '209876543210987', participantIsLid: true });
  });

  it('ignoreGroups maps group messages to ignored', () => {
    expect(mapInbound(inbound.groupText, { ignoreGroups: true })).toStrictEqual({ type: 'ignored', reason: 'group', id: '3EB0GRP' });
  });

  it('LID chat without alternative: lidToPhone gives the number', () => {
    expect(mapInbound(inbound.lidOnly, { lidToPhone })).toStrictEqual(fromCustomer({ id: '3EB0LID', lid: CUSTOMER_LID_DIGITS, kind: 'text', body: 'oi' }));
  });

  it('LID chat nobody can resolve: the LID digits, flagged', () => {
    expect(map(inbound.lidOnly)).toStrictEqual(fromCustomer({ id: '3EB0LID', from: CUSTOMER_LID_DIGITS, fromIsLid: true, lid: CUSTOMER_LID_DIGITS, kind: 'text', body: 'oi' }));
  });

  it('lidToPhone receives the LID JID without device', () => {
    const seen: string[] = [];
    const msg = waMessage({ key: { remoteJid: '201234567890123:7@lid', fromMe: false, id: 'D1' }, message: { conversation: 'x' }, messageTimestamp: TS });
    mapInbound(msg, { lidToPhone: (lid) => (seen.push(lid), undefined) });
    expect(seen).toEqual([CUSTOMER_LID]);
  });

  it('our own message to a LID chat: remoteJidAlt pointing at us is discarded, lidToPhone used; no pushName', () => {
    expect(mapInbound(inbound.fromMeLid, { self: SELF_PN, lidToPhone })).toStrictEqual({
      type: 'message',
      id: '3EB0MINE',
      from: CUSTOMER_DIGITS,
      fromIsLid: false,
      lid: CUSTOMER_LID_DIGITS,
      isGroup: false,
      fromMe: true,
      timestamp: AT,
      kind: 'text',
      body: 'Já te respondo',
      isForwarded: false,
      viewOnce: false,
      ephemeral: false,
    });
    // Without `self`, Baileys' alternative (our own number) would be taken for the customer's.
    expect(mapInbound(inbound.fromMeLid, { lidToPhone })).toMatchObject({ from: '5561999990000' });
  });

  it('a message without timestamp takes the clock', () => {
    const msg = waMessage({ key: { remoteJid: CUSTOMER_OLD_PN, fromMe: false, id: 'NOTS' }, message: { conversation: 'x' } });
    const now = new Date('2025-02-02T10:00:00Z');
    expect(mapInbound(msg, { now: () => now })).toMatchObject({ timestamp: now });
  });
});

describe('mapInbound: ignored', () => {
  it.each([
    ['status', { type: 'ignored', reason: 'status-broadcast', id: '3EB0STATUS' }],
    ['broadcastList', { type: 'ignored', reason: 'broadcast', id: '3EB0BCAST' }],
    ['newsletter', { type: 'ignored', reason: 'newsletter', id: '3EB0NEWS' }],
    ['ephemeralSetting', { type: 'ignored', reason: 'protocol', id: '3EB0EPHSET', detail: 'EPHEMERAL_SETTING' }],
    ['senderKey', { type: 'ignored', reason: 'protocol', id: '3EB0SKD', detail: 'senderKeyDistributionMessage' }],
    ['ciphertextStub', { type: 'ignored', reason: 'stub', id: '3EB0CIPHER', detail: 'CIPHERTEXT' }],
    ['missedCallStub', { type: 'ignored', reason: 'stub', id: 'CALL0001', detail: 'CALL_MISSED_VOICE' }],
    ['viewOnceUnavailable', { type: 'ignored', reason: 'stub', id: '3EB0VO', detail: 'viewOnceUnavailable' }],
    ['pollVote', { type: 'ignored', reason: 'poll-vote', id: '3EB0VOTE' }],
    ['event', { type: 'ignored', reason: 'unsupported', id: '3EB0EVENT', detail: 'eventMessage' }],
  ] as const)('%s', (fixture, expected) => {
    expect(map(inbound[fixture])).toStrictEqual(expected);
  });

  it('a key without id or chat is empty', () => {
    expect(mapInbound({ key: { remoteJid: CUSTOMER_OLD_PN } })).toStrictEqual({ type: 'ignored', reason: 'empty' });
  });

  it("Baileys' group call stand-in ({ call }) is a stub", () => {
    const msg = waMessage({ key: { remoteJid: inbound.groupText.key.remoteJid, fromMe: false, id: 'GCALL' }, message: { call: { callKey: new Uint8Array([1]) } }, messageTimestamp: TS });
    expect(mapInbound(msg)).toStrictEqual({ type: 'ignored', reason: 'stub', id: 'GCALL', detail: 'call' });
  });

  it('other protocol messages are noise, revoke without target too', () => {
    const noTarget = waMessage({ key: { remoteJid: CUSTOMER_OLD_PN, fromMe: false, id: 'P1' }, message: { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE } }, messageTimestamp: TS });
    expect(mapInbound(noTarget)).toStrictEqual({ type: 'ignored', reason: 'protocol', id: 'P1', detail: 'REVOKE' });
  });
});

describe('mapUpdate', () => {
  it.each([
    ['pending', 'BAE5SENT', 1],
    ['serverAck', 'BAE5SENT', 2],
    ['delivered', 'BAE5SENT', 3],
    ['read', 'BAE5SENT', 4],
    ['played', 'BAE5VOICE', 5],
  ] as const)('%s → ack %i', (fixture, id, ack) => {
    expect(mapUpdate(updates[fixture])).toStrictEqual({ type: 'ack', id: id, ack });
  });

  it('ERROR → ack -1 with the error code', () => {
    expect(mapUpdate(updates.error)).toStrictEqual({ type: 'ack', id: 'BAE5FAIL', ack: -1, error: '479' });
  });

  it.each([['readSelf'], ['edit'], ['revoke']] as const)('%s → null (not an ack of ours)', (fixture) => {
    expect(mapUpdate(updates[fixture])).toBeNull();
  });
});

describe('mapCall', () => {
  it('a voice call from a LID: the number from callerPn', () => {
    expect(mapCall(calls.voiceOfferFromLid)).toStrictEqual({
      type: 'call',
      id: 'CALLOFFER1',
      from: CUSTOMER_DIGITS,
      fromIsLid: false,
      callerJid: CUSTOMER_LID,
      isVideo: false,
      isGroup: false,
      status: 'offer',
      offline: false,
      at: AT,
    });
  });

  it('a video call from a phone JID, received offline', () => {
    expect(mapCall(calls.videoOfferFromPn)).toStrictEqual({
      type: 'call',
      id: 'CALLOFFER2',
      from: '5511987654321',
      fromIsLid: false,
      callerJid: '5511987654321@s.whatsapp.net',
      isVideo: true,
      isGroup: false,
      status: 'offer',
      offline: true,
      at: AT,
    });
  });

  it('an unknown LID: lidToPhone, else the LID digits flagged', () => {
    expect(mapCall(calls.timeoutUnknownLid, { lidToPhone })).toMatchObject({ from: CUSTOMER_DIGITS, fromIsLid: false, status: 'timeout' });
    expect(mapCall(calls.timeoutUnknownLid)).toMatchObject({ from: CUSTOMER_LID_DIGITS, fromIsLid: true });
  });
});
