/**
 * What the Baileys adapter tells the pipeline about who wrote (issue 29 §5; decision 0421): a chat
 * addressed by phone with its LID beside it names both; a chat known only by its LID is keyed by
 * the LID's digits and says so; Baileys' `lid-mapping.update` becomes the port's `identity` event.
 */
import { describe, expect, it } from 'vitest';
import type { WAMessage } from '@whiskeysockets/baileys';
import { BoundedCache } from '../../../lib/bounded-cache';
import { ChannelEmitter, type CallOffer, type InboundMessage, type PresenceUpdate, type SenderIds } from '../whatsapp.port';
import { BaileysInboundEvents } from './inbound-events';
import type { BaileysSocketSurface } from './socket';

const PHONE = '5561981234567';
const LID = '207112345678901';
const sock = { user: { id: '5561333300001:7@s.whatsapp.net' }, presenceSubscribe: async () => undefined } as unknown as BaileysSocketSurface;

const setup = (phoneOfLid?: (lid: string) => Promise<string | undefined>) => {
  const emitter = new ChannelEmitter();
  const messages: InboundMessage[] = [];
  const identities: SenderIds[] = [];
  emitter.on('message', (m) => void messages.push(m));
  emitter.on('identity', (i) => void identities.push(i));
  const events = new BaileysInboundEvents({
    emitter,
    now: () => new Date(),
    ownIds: new BoundedCache(10, 60_000),
    callers: new BoundedCache(10, 60_000),
    isCurrent: () => true,
    active: () => true,
    ...(phoneOfLid ? { phoneOfLid } : {}),
  });
  return { events, emitter, messages, identities };
};
const text = (key: WAMessage['key']): WAMessage => ({ key: { fromMe: false, id: `3EB0${Math.random().toString(16).slice(2, 10).toUpperCase()}`, ...key }, message: { conversation: 'oi' }, messageTimestamp: 1750857384, pushName: 'Maria' });

describe('Baileys: who wrote', () => {
  it('a LID-addressed chat with the phone as its alternative: keyed by the phone, both named', async () => {
    const { events, messages } = setup();
    await events.onUpsert(sock, { type: 'notify', messages: [text({ remoteJid: `${LID}@lid`, remoteJidAlt: `${PHONE}@s.whatsapp.net` })] });
    expect(messages[0]).toMatchObject({ from: PHONE, identities: { phone: PHONE, lid: LID } });
    expect(messages[0]!.fromKind).toBeUndefined();
  });

  it('a phone-addressed chat with its LID beside it names both; one with no LID names only the phone', async () => {
    const { events, messages } = setup();
    await events.onUpsert(sock, { type: 'notify', messages: [text({ remoteJid: `${PHONE}@s.whatsapp.net`, remoteJidAlt: `${LID}@lid` }), text({ remoteJid: `${PHONE}@s.whatsapp.net` })] });
    expect(messages[0]).toMatchObject({ from: PHONE, identities: { phone: PHONE, lid: LID } });
    expect(messages[1]!.identities).toBeUndefined();
  });

  it("a chat known only by its LID (no alternative, no stored mapping): keyed by the LID's digits, marked as a LID", async () => {
    const { events, messages } = setup(async () => undefined);
    await events.onUpsert(sock, { type: 'notify', messages: [text({ remoteJid: `${LID}@lid` })] });
    expect(messages[0]).toMatchObject({ from: LID, fromKind: 'lid' });
    expect(messages[0]!.identities).toBeUndefined();
  });

  it("lid-mapping.update is the port's identity event (the phone normalized); anything but a LID and a phone is ignored", async () => {
    const { events, identities } = setup();
    await events.onLidMapping(sock, { lid: `${LID}@lid`, pn: '556181234567@s.whatsapp.net' });
    await events.onLidMapping(sock, { lid: `${PHONE}@s.whatsapp.net`, pn: '556181234567@s.whatsapp.net' });
    await events.onLidMapping(sock, { lid: `${LID}@lid`, pn: '' });
    expect(identities).toEqual([{ phone: PHONE, lid: LID }]);
  });

  it("a LID's typing and call offer are marked as coming from a LID when no phone is known, and by phone when it is", async () => {
    const { events, emitter } = setup(async (lid) => (lid === LID ? undefined : PHONE));
    const presences: PresenceUpdate[] = [];
    const calls: CallOffer[] = [];
    emitter.on('presence', (p) => void presences.push(p));
    emitter.on('call', (c) => void calls.push(c));
    await events.onPresence(sock, { id: `${LID}@lid`, presences: { [`${LID}@lid`]: { lastKnownPresence: 'composing' } } });
    await events.onPresence(sock, { id: '999888777666555@lid', presences: { '999888777666555@lid': { lastKnownPresence: 'recording' } } });
    expect(presences).toEqual([
      { from: LID, fromKind: 'lid', presence: 'composing' },
      { from: PHONE, presence: 'recording' },
    ]);
    await events.onCall(sock, [{ chatId: `${LID}@lid`, from: `${LID}@lid`, id: 'CALL1', date: new Date(1750857384_000), offline: false, status: 'offer', isVideo: false, isGroup: false }]);
    expect(calls).toEqual([{ id: 'CALL1', from: LID, fromKind: 'lid', isVideo: false, at: new Date(1750857384_000) }]);
  });
});
