/**
 * The /queue-integration page as the spec's client uses it (administration.md §2, §7): the paged
 * list with its search, the modal's whole-form saves (projectName = name for n8n, webhook and
 * typebot), edit through GET then PUT of the merged values, the Dialogflow test, delete, and the
 * page's live channel `company-<id>-queueIntegration`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient, SpecSocket } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
let socket: SpecSocket;
beforeAll(async () => {
  // As deployed: no ALLOW_PRIVATE_HOSTS (issue 28 §6).
  stage = await createStage({ allowPrivateHosts: false });
  admin = await stage.adminTab();
  socket = await admin.socket().open();
});
afterAll(async () => {
  socket?.close();
  await stage?.close();
});

/** QueueIntegrationModal's initial values. */
const blank = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: '',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
  typebotDelayMessage: 1000,
};

describe('the /queue-integration page and its modal', () => {
  it('adds a typebot with the whole form, lists it by the search, edits it through GET + PUT, hears it live and deletes it', async () => {
    const made = await admin.saveQueueIntegration({ ...blank, language: 'pt-BR', name: 'Typebot Vendas', urlN8N: 'https://typebot.example.com', typebotSlug: 'vendas', typebotExpires: '5' });
    expect(made.status, JSON.stringify(made.data)).toBe(200);
    const id = made.data.id as number;
    expect(made.data).toMatchObject({ type: 'typebot', name: 'Typebot Vendas', projectName: 'Typebot Vendas', typebotExpires: 5, jsonContent: '' });
    const frame = await socket.next<{ action: string; queueIntegration: { id: number } }>(socket.channel('queueIntegration'), (p) => p.action === 'create');
    expect(frame.queueIntegration.id).toBe(id);

    const page = await admin.queueIntegrationsPage('vendas');
    expect(page.url).toBe('/queueIntegration/?searchParam=vendas&pageNumber=1');
    expect(page.data).toMatchObject({ hasMore: false, queueIntegrations: [{ id, type: 'typebot', name: 'Typebot Vendas' }] });

    const loaded = (await admin.queueIntegration(id)).data;
    const edited = await admin.saveQueueIntegration({ ...loaded, name: 'Typebot Suporte', typebotKeywordFinish: 'sair' }, id);
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    expect(edited.data).toMatchObject({ name: 'Typebot Suporte', projectName: 'Typebot Suporte', typebotKeywordFinish: 'sair', typebotSlug: 'vendas' });

    expect((await admin.deleteQueueIntegration(id)).status).toBe(200);
    expect(await socket.next(socket.channel('queueIntegration'), (p: { action: string }) => p.action === 'delete')).toEqual({ action: 'delete', integrationId: id });
    expect((await admin.queueIntegrationsPage('')).data.queueIntegrations).toEqual([]);
  });

  it("answers the Dialogflow test of a bad key with a coded error the client's toast shows", async () => {
    const r = await admin.testQueueIntegration({ projectName: 'meu-projeto', jsonContent: '{"type":"service_account"}', language: 'pt-BR' });
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({ error: 'ERR_INTEGRATION_TEST_FAILED' });
  });

  it('refuses, when saved, an n8n URL on this machine (by name too) with a coded error the toast shows, and saves nothing', async () => {
    for (const urlN8N of ['http://localhost:5678/webhook/pedido', 'http://127.0.0.1:5678/webhook/pedido', 'http://[::ffff:7f00:1]:5678/x']) {
      const r = await admin.saveQueueIntegration({ ...blank, type: 'n8n', language: 'pt-BR', name: `n8n ${urlN8N}`, urlN8N });
      expect(r.status, urlN8N).toBe(400);
      expect(r.data).toMatchObject({ error: 'ERR_OUTBOUND_URL_REFUSED', message: expect.stringContaining('ALLOW_PRIVATE_HOSTS=1') });
    }
    expect((await admin.queueIntegrationsPage('n8n')).data.queueIntegrations).toEqual([]);
  });
});
