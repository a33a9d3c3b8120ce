import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../../test/helpers/world';
import { createSandboxStore } from './sandbox.store';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
const TO = '5561981110000';

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
});
afterAll(() => app.close());

describe('sandbox store', () => {
  it('edits and deletes touch only our message in that chat; unknown targets report false', async () => {
    const store = createSandboxStore(app.data, a.companyId, a.whatsapp.id);
    await store.received({ to: TO, waMessageId: 'S-1', kind: 'text', body: 'primeira' });
    expect(await store.edited('5561900000000', 'S-1', 'outro chat')).toBe(false);
    expect(await store.edited(TO, 'NOPE', 'x')).toBe(false);
    expect(await store.deleted(TO, 'NOPE')).toBe(false);
    expect(await store.edited(TO, 'S-1', 'corrigida')).toBe(true);
    expect(await store.deleted(TO, 'S-1')).toBe(true);
    // A deleted message cannot be edited any more (WhatsApp refuses it too).
    expect(await store.edited(TO, 'S-1', 'tarde demais')).toBe(false);
    expect(await store.outbox(TO)).toEqual([expect.objectContaining({ id: 'S-1', body: 'corrigida', isEdited: true, isDeleted: true })]);
  });

  it('a redelivered id shows once; acks only move forward', async () => {
    const store = createSandboxStore(app.data, a.companyId, a.whatsapp.id);
    await store.received({ to: TO, waMessageId: 'S-2', kind: 'text', body: 'uma vez' });
    await store.received({ to: TO, waMessageId: 'S-2', kind: 'text', body: 'duas vezes' });
    await store.setAck('S-2', 4);
    await store.setAck('S-2', 3);
    expect((await store.outbox(TO)).filter((o) => o.id === 'S-2')).toEqual([expect.objectContaining({ body: 'uma vez', ack: 4 })]);
  });

  it("another company sees none of a connection's messages or reactions (row-level security on both tables)", async () => {
    const store = createSandboxStore(app.data, a.companyId, a.whatsapp.id);
    await store.received({ to: TO, waMessageId: 'S-3', kind: 'text', body: 'só da A' });
    await store.reacted(TO, 'S-3', '👍');
    expect((await store.reactions(TO)).map((r) => r.targetId)).toContain('S-3');
    const intruder = createSandboxStore(app.data, b.companyId, a.whatsapp.id);
    expect(await intruder.outbox(TO)).toEqual([]);
    expect(await intruder.reactions(TO)).toEqual([]);
    expect(await intruder.edited(TO, 'S-3', 'invadido')).toBe(false);
    const rls = await app.owner`select relname, relrowsecurity, relforcerowsecurity from pg_class where relname in ('sandbox_outbox', 'sandbox_reactions') order by relname`;
    expect(rls).toEqual([
      { relname: 'sandbox_outbox', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'sandbox_reactions', relrowsecurity: true, relforcerowsecurity: true },
    ]);
  });
});
