/**
 * The external API as the spec's client uses it (administration.md "Messages API page", §7
 * "External API"): the connection dialog's `token` field, then pages/MessagesAPI's two test forms
 * posting JSON and FormData to the send endpoint with that token, from the client's origin (CORS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient } from './client';
import { SPEC_ORIGIN } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
const TOKEN = 'token-da-integracao-0001';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  // No send limits on the Simulador's number for these sends (the gate has its own tests).
  await stage.app.owner`update whatsapps set gate_rate_per_minute = 0, gate_daily_cap = 0, gate_jitter_ms = 0, gate_warmup_days = 0 where id = ${stage.c.whatsapp.id}`;
});
afterAll(() => stage?.close());

describe('the Messages API page', () => {
  it("the connection dialog's token field sets the token (never echoed back), and '' on a later save keeps it", async () => {
    const saved = await admin.saveConnection({ name: 'Sandbox', token: TOKEN, greetingMessage: '', complationMessage: '', outOfHoursMessage: '', ratingMessage: '', isDefault: true }, stage.c.whatsapp.id);
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.data)).not.toContain(TOKEN);
    expect(saved.data.apiTokenTail).toBe('0001');
    const again = await admin.saveConnection({ name: 'Sandbox', token: '', isDefault: true }, stage.c.whatsapp.id);
    expect(again.data.apiTokenTail).toBe('0001');
    expect(JSON.stringify((await admin.whatsapps()).data)).not.toContain(TOKEN);
  });

  it('the text form: JSON { number, body } with the Bearer token → { mensagem: "Mensagem enviada", messageId }, allowed from the client origin', async () => {
    const res = await admin.messagesApiSend(TOKEN, { number: '5511987651234', body: 'Olá, sua encomenda chegou' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ mensagem: 'Mensagem enviada', messageId: expect.any(Number) });
    expect(res.headers.get('access-control-allow-origin')).toBe(SPEC_ORIGIN);
    const [m] = await stage.app.owner`select body, from_me from messages where id = ${res.data.messageId as number}`;
    expect(m).toEqual({ body: 'Olá, sua encomenda chegou', from_me: true });
  });

  it('the media form: FormData { number, body, medias } → one message with the file', async () => {
    const form = new FormData();
    form.append('number', '5511987651235');
    form.append('body', 'Foto do produto');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'produto.png');
    const res = await admin.messagesApiSend(TOKEN, form);
    expect(res.status).toBe(200);
    const [m] = await stage.app.owner`select body, media_type from messages where id = ${res.data.messageId as number}`;
    expect(m).toEqual({ body: 'Foto do produto', media_type: 'image' });
  });

  it("two sends in a row to one number under the default gate (20 a minute) are both accepted, the second paced (issue 28 §2)", async () => {
    await stage.app.owner`update whatsapps set gate_rate_per_minute = 20 where id = ${stage.c.whatsapp.id}`;
    try {
      const first = await admin.messagesApiSend(TOKEN, { number: '5511987651240', body: 'Pedido 987 confirmado' });
      const second = await admin.messagesApiSend(TOKEN, { number: '5511987651240', body: 'Segue o boleto' });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.data).toMatchObject({ mensagem: 'Mensagem enviada', messageId: expect.any(Number) });
      expect(Date.parse(second.data.sendAt as string) - Date.parse(first.data.sendAt as string)).toBeGreaterThanOrEqual(3000);
    } finally {
      await stage.app.owner`update whatsapps set gate_rate_per_minute = 0 where id = ${stage.c.whatsapp.id}`;
    }
  });

  it('a wrong token is a coded 401 the page shows; the tab stays logged in (the page does not use the session)', async () => {
    const res = await admin.messagesApiSend('token-errado-000000000', { number: '5511987651236', body: 'Oi' });
    expect(res).toMatchObject({ status: 401, data: { error: 'ERR_INVALID_API_TOKEN' } });
    expect(admin.loggedOut).toBe(false);
    expect((await admin.whatsapps()).status).toBe(200);
  });
});
