/**
 * The /prompts page as the spec's client uses it (administration.md §4, §7): GET /prompt
 * (reads `prompts`), the modal's GET /prompt/{id} then POST / PUT of the form's values (the
 * prompt fields plus voice), DELETE /prompt/{id} (its `message` shown as info).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
});
afterAll(async () => {
  await stage?.close();
});

const TRAINING = 'Você é o assistente virtual da loja. Responda de forma curta, educada e em português.';

describe('pages/Prompts and PromptModal', () => {
  it("saves the modal's values (initial state: maxTokens 100, temperature 1, maxMessages 10, voice texto), lists it, edits and deletes", async () => {
    const q = await stage.c.addQueue();
    // The modal's initial values, as typed in (numbers from inputs may come as text).
    const form = { name: 'Assistente Loja', prompt: TRAINING, voice: 'texto', voiceKey: '', voiceRegion: '', maxTokens: 100, temperature: 1, apiKey: 'sk-protocol-secret-4321', queueId: q.id, maxMessages: 10 };
    const made = await admin.savePrompt(form);
    expect(made.status).toBe(200);
    const id = made.data.id as number;
    expect(made.data).toMatchObject({ name: 'Assistente Loja', maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto', queueId: q.id });
    expect(made.data.apiKey).not.toBe('sk-protocol-secret-4321');

    const page = await admin.promptsPage();
    expect(page.url).toBe('/prompt');
    expect(page.status).toBe(200);
    expect(page.data.prompts).toEqual([expect.objectContaining({ id, name: 'Assistente Loja', maxTokens: 100, queue: expect.objectContaining({ id: q.id }) })]);

    // Edit: GET, then PUT of the whole record with a change (the masked key comes back untouched).
    const loaded = await admin.prompt(id);
    expect(loaded.status).toBe(200);
    const edited = await admin.savePrompt({ ...loaded.data, maxTokens: '250', temperature: '0.7', voice: 'pt-BR-FranciscaNeural' }, id);
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ maxTokens: 250, temperature: 0.7, voice: 'pt-BR-FranciscaNeural', apiKey: loaded.data.apiKey });

    const gone = await admin.deletePrompt(id);
    expect(gone.status).toBe(200);
    expect(typeof gone.data.message).toBe('string');
    expect((await admin.promptsPage()).data.prompts).toEqual([]);
  });

  it("a modal saved without a queue is refused with the form's text 'Informe o setor'", async () => {
    const res = await admin.savePrompt({ name: 'Sem setor', prompt: TRAINING, voice: 'texto', maxTokens: 100, temperature: 1, apiKey: 'sk-x', maxMessages: 10 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain('Informe o setor');
  });
});
