/**
 * The phone's address book (decision 0150): Baileys' `contacts.upsert`, `contacts.update` and a
 * history sync's contacts land in `whatsapp_phone_contacts`, keyed by the phone JID when known;
 * saved names beat push names, an update never blanks a name.
 */
import type { Contact } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { BaileysChannel } from './baileys.channel';
import { lidPhonesFrom, phoneBookEntries } from './phone-book';
import { FakeSocket } from './test/fake-socket';
import { useContractEnv } from '../test/contract-harness';

const env = useContractEnv();

const channelOf = (id: number) => {
  const sockets: FakeSocket[] = [];
  const channel = new BaileysChannel({
    whatsappId: id,
    companyId: env.company.companyId,
    data: env.app.data,
    encryptionKey: env.key,
    socketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    jitter: () => 0,
    schedule: () => () => undefined,
  });
  const settle = async () => {
    await new Promise((r) => setImmediate(r));
    await channel.idle();
  };
  return { channel, sockets, settle };
};

const book = async (id: number) =>
  (await env.app.owner`select jid, name from whatsapp_phone_contacts where whatsapp_id = ${id} order by jid`).map((r) => `${r.jid as string}=${r.name as string}`);

describe('the phone book from Baileys events', () => {
  it('stores contacts.upsert, contacts.update and history contacts by phone JID, saved names first', async () => {
    const [row] = await env.app.owner`insert into whatsapps (company_id, name, provider) values (${env.company.companyId}, 'Agenda', 'baileys') returning id`;
    const id = row!.id as number;
    const w = channelOf(id);
    await w.channel.connect();
    w.sockets[0]!.open();
    await w.settle();
    const sock = w.sockets[0]!;

    sock.emit('contacts.upsert', [
      { id: '5511987650001@s.whatsapp.net', name: 'Ana Agenda', notify: 'Aninha' },
      { id: '5511987650002@s.whatsapp.net', notify: 'Bruno Push' },
      // Known by LID, with its phone: stored under the phone.
      { id: '123450000000003@lid', phoneNumber: '5511987650003@s.whatsapp.net', name: 'Carla Lid' },
      // LID only: stored as such (the import skips it).
      { id: '123450000000004@lid', notify: 'Oculto' },
      { id: '120363000000000001@g.us', name: 'Grupo' },
      { id: '5511987650005@s.whatsapp.net' },
    ] satisfies Contact[]);
    await w.settle();
    expect(await book(id)).toEqual([
      '120363000000000001@g.us=Grupo',
      '123450000000004@lid=Oculto',
      '5511987650001@s.whatsapp.net=Ana Agenda',
      '5511987650002@s.whatsapp.net=Bruno Push',
      '5511987650003@s.whatsapp.net=Carla Lid',
      '5511987650005@s.whatsapp.net=',
    ]);

    // A push name never replaces a saved one; it fills a blank; a saved name replaces a push name;
    // an update without a name (a new picture) changes nothing.
    sock.emit('contacts.update', [
      { id: '5511987650001@s.whatsapp.net', notify: 'Outro Push' },
      { id: '5511987650005@s.whatsapp.net', notify: 'Eva Push' },
      { id: '5511987650002@s.whatsapp.net', name: 'Bruno Salvo' },
      { id: '5511987650001@s.whatsapp.net', imgUrl: 'changed' },
    ]);
    sock.emit('messaging-history.set', {
      chats: [],
      messages: [],
      isLatest: true,
      progress: 100,
      contacts: [{ id: '5511987650006@s.whatsapp.net', name: 'Davi Histórico' }],
    });
    await w.settle();
    expect(await book(id)).toEqual([
      '120363000000000001@g.us=Grupo',
      '123450000000004@lid=Oculto',
      '5511987650001@s.whatsapp.net=Ana Agenda',
      '5511987650002@s.whatsapp.net=Bruno Salvo',
      '5511987650003@s.whatsapp.net=Carla Lid',
      '5511987650005@s.whatsapp.net=Eva Push',
      '5511987650006@s.whatsapp.net=Davi Histórico',
    ]);
    await w.channel.disconnect();

    // Another company's connection id is refused by the composite key (and RLS): nothing leaks in.
    const other = await env.app.owner`select count(*)::int as n from whatsapp_phone_contacts where whatsapp_id = ${id} and company_id <> ${env.company.companyId}`;
    expect(other[0]!.n).toBe(0);
  });

  it('resolves a LID through the stored LID mapping, in one read', async () => {
    const asked: string[][] = [];
    const keys = {
      get: async (_type: string, ids: string[]) => {
        asked.push(ids);
        return Object.fromEntries(ids.filter((i) => i === '999_reverse').map((i) => [i, '5561981230009']));
      },
      set: async () => undefined,
    };
    const entries = await phoneBookEntries(
      [
        { id: '999@lid', notify: 'Mapeado' },
        { id: '888@lid', notify: 'Sem mapa' },
      ],
      lidPhonesFrom(() => keys as never),
    );
    expect(entries).toEqual([
      { jid: '5561981230009@s.whatsapp.net', name: 'Mapeado', saved: false },
      { jid: '888@lid', name: 'Sem mapa', saved: false },
    ]);
    expect(asked).toEqual([['999_reverse', '888_reverse']]);
  });
});
