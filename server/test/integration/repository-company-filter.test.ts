import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { createTenant, type Tenant } from '../helpers/tenants';
import * as messagesRepo from '../../src/modules/messages/messages.repository';
import * as tokensRepo from '../../src/modules/auth/refresh-tokens.repository';
import * as ticketsRepo from '../../src/modules/tickets/tickets.repository';

// Repositories filter by the company they are given on every query, not only through RLS: here
// RLS is off (withSystem), as for the login, refresh, boot and job paths, and company A's calls
// aimed at company B's rows must find and change nothing.

let app: TestApp;
let A: Tenant;
let B: Tenant;
let bMessage: { whatsapp_id: number; wa_message_id: string; ack: number; error_code: string | null; raw: unknown };

beforeAll(async () => {
  app = await createTestApp();
  A = await createTenant(app, 'Alfa');
  B = await createTenant(app, 'Bravo');
  bMessage = (await app.owner`select whatsapp_id, wa_message_id, ack, error_code, raw from messages where id = ${B.messageId}`)[0] as typeof bMessage;
});
afterAll(() => app.close());

const system = <T>(fn: Parameters<TestApp['data']['withSystem']>[1]) => app.data.withSystem('test:fixtures', fn) as Promise<T>;
const a = () => A.c.companyId;

describe('repository queries carry the company', () => {
  it("messages: A's company id reaches none of B's messages by channel id", async () => {
    const { whatsapp_id: wa, wa_message_id: id } = bMessage;
    await system(async ({ tx }) => {
      expect(await messagesRepo.getByWaId(tx, a(), wa, id)).toBeUndefined();
      expect(await messagesRepo.applyAck(tx, a(), wa, id, 4)).toBeUndefined();
      expect(await messagesRepo.applyAck(tx, a(), wa, id, -1, 'ERR_X')).toBeUndefined();
      expect(await messagesRepo.setSendError(tx, a(), wa, id, 'ERR_Y')).toBeUndefined();
      await messagesRepo.setSent(tx, a(), wa, id, { stolen: true });
    });
    const [after] = await app.owner`select whatsapp_id, wa_message_id, ack, error_code, raw from messages where id = ${B.messageId}`;
    expect(after).toEqual(bMessage);
  });

  it("tickets: A's send does not touch B's ticket", async () => {
    const [before] = await app.owner`select last_message, unread_messages from tickets where id = ${B.ticket.id}`;
    await system(({ tx }) => ticketsRepo.touchAfterSend(tx, a(), B.ticket.id, 'not yours'));
    const [after] = await app.owner`select last_message, unread_messages from tickets where id = ${B.ticket.id}`;
    expect(after).toEqual(before);
  });

  it("refresh tokens: A's company id revokes none of B's", async () => {
    const [row] = await app.owner`select id, family, user_id from refresh_tokens where company_id = ${B.c.companyId} and revoked_at is null order by id limit 1`;
    const now = new Date();
    await system(async ({ tx }) => {
      await tokensRepo.revokeFamily(tx, a(), row!.family, now);
      await tokensRepo.revokeOtherFamilies(tx, a(), row!.user_id, 'none', now);
      await tokensRepo.markUsed(tx, a(), row!.id, now);
    });
    const [after] = await app.owner`select revoked_at, used_at from refresh_tokens where id = ${row!.id}`;
    expect(after).toEqual({ revoked_at: null, used_at: null });
  });
});
