/**
 * The knowledge base (issue 32 §1): admins' CRUD, the queue check, and full-text search with message
 * search's Portuguese-aware folding (accents and case ignored, a word's start finds it), best match
 * first; the passages the copilot reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeArticleDto, ListKnowledgeArticlesResponse } from '@balcao/shared';
import { systemCtx } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { knowledgeQueries } from '.';

let app: TestApp;
let a: TestCompany;
let queueId: number;
beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  queueId = (await a.addQueue()).id;
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const create = async (body: Record<string, unknown>) => {
  const r = await admin().post<KnowledgeArticleDto>('/knowledge-articles', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const search = async (q: string) => (await admin().get<ListKnowledgeArticlesResponse>(`/knowledge-articles?searchParam=${encodeURIComponent(q)}`)).body;

describe('knowledge articles', () => {
  it('creates, shows, edits and deletes an article with its tags and queue', async () => {
    const made = await create({ title: '  Troca de produtos ', body: 'Trocas em até 30 dias com a nota fiscal.', tags: ['trocas', ' Trocas ', '', 'loja'], queueId });
    expect(made).toMatchObject({ title: 'Troca de produtos', tags: ['trocas', 'loja'], queueId, queue: { id: queueId } });
    expect((await admin().get<KnowledgeArticleDto>(`/knowledge-articles/${made.id}`)).body.body).toBe('Trocas em até 30 dias com a nota fiscal.');
    const edited = await admin().put<KnowledgeArticleDto>(`/knowledge-articles/${made.id}`, { title: 'Trocas e devoluções', queueId: null });
    expect(edited.body).toMatchObject({ title: 'Trocas e devoluções', queueId: null, queue: null, tags: ['trocas', 'loja'] });
    expect((await admin().del(`/knowledge-articles/${made.id}`)).status).toBe(200);
    expect((await admin().get(`/knowledge-articles/${made.id}`)).status).toBe(404);
  });

  it('refuses a queue of no company of the caller', async () => {
    const r = await admin().post<{ error: string }>('/knowledge-articles', { title: 'x', body: 'y', queueId: 999_999 });
    expect(r).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
  });

  it('is for admins only', async () => {
    const agent = await a.addUser({ queueIds: [queueId] });
    const r = await api(app, agent.token).get<{ error: string }>('/knowledge-articles');
    expect(r).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await api(app, agent.token).post('/knowledge-articles', { title: 'x', body: 'y' })).status).toBe(403);
  });

  it('searches title, tags and body without accents or case, every word, the start of a word, best first', async () => {
    const prazo = await create({ title: 'Prazo de entrega', body: 'Entregamos em São Paulo em até 2 dias úteis.', tags: ['logística'] });
    const pix = await create({ title: 'Formas de pagamento', body: 'Aceitamos PIX, cartão e boleto. A entrega é grátis acima de R$ 200.', tags: [] });
    expect((await search('SAO PAULO')).articles.map((x) => x.id)).toEqual([prazo.id]);
    expect((await search('logistica')).articles.map((x) => x.id)).toEqual([prazo.id]);
    expect((await search('cartao boleto')).articles.map((x) => x.id)).toEqual([pix.id]);
    expect((await search('pagam')).articles.map((x) => x.id)).toEqual([pix.id]);
    // Both hold "entrega"; the title's word weighs more.
    expect((await search('entrega')).articles.map((x) => x.id)).toEqual([prazo.id, pix.id]);
    expect((await search('entrega inexistente')).articles).toEqual([]);
    // Operators typed are only characters.
    expect((await search("entrega & !'| :*")).articles.map((x) => x.id)).toEqual([prazo.id, pix.id]);
    const all = await admin().get<ListKnowledgeArticlesResponse>('/knowledge-articles');
    expect(all.body.articles.map((x) => x.title)).toEqual(['Formas de pagamento', 'Prazo de entrega']);
    expect(all.body.count).toBe(2);
    await admin().del(`/knowledge-articles/${prazo.id}`);
    await admin().del(`/knowledge-articles/${pix.id}`);
  });

  it("gives the copilot the passages of a customer's message: any telling word, the ticket's queue or every queue", async () => {
    const other = (await a.addQueue()).id;
    const general = await create({ title: 'Horário de funcionamento', body: 'Abrimos de segunda a sábado, das 8h às 18h.' });
    const ofQueue = await create({ title: 'Horário do suporte técnico', body: 'O suporte atende das 9h às 17h.', queueId });
    const ofOther = await create({ title: 'Horário do financeiro', body: 'O financeiro atende das 10h às 16h.', queueId: other });
    const passages = (text: string, q: number | null) =>
      app.data.withTenant(systemCtx(a.companyId), ({ tx }) => knowledgeQueries.passages(tx, a.companyId, text, q, 4)).then((r) => r.map((x) => x.id));
    const asked = 'Olá, bom dia! Qual é o horário de vocês no sábado?';
    expect(await passages(asked, queueId)).toEqual(expect.arrayContaining([general.id, ofQueue.id]));
    expect(await passages(asked, queueId)).not.toContain(ofOther.id);
    expect((await passages(asked, queueId))[0]).toBe(general.id);
    expect(await passages(asked, null)).toHaveLength(3);
    // Only stop words: nothing to look for.
    expect(await passages('oi, bom dia, tudo bem?', queueId)).toEqual([]);
  });
});
