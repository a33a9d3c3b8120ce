import { get, PROMPT_TEXT, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the prompts module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ A, notFound, listed, prompts, aPromptUnchanged }) => ({
  'GET /prompt': [
    {
      name: 'lists B only',
      req: async () => (await prompts(), get('/prompt?searchParam=Prompt')),
      expect: async (r) => {
        const ids = await prompts();
        listed((b) => b.prompts, () => [ids.a], () => ids.b)(r);
      },
    },
  ],
  'GET /prompt/:id': [{ name: "A's prompt", req: async () => get(`/prompt/${(await prompts()).a}`), expect: notFound('ERR_NOT_FOUND') }],
  'POST /prompt': [
    {
      name: "A's queue",
      req: async () => (await prompts(), { method: 'POST', url: '/prompt', body: { name: 'Prompt de B', prompt: PROMPT_TEXT, queueId: A.queueId } }),
      expect: notFound('ERR_NO_QUEUE_FOUND', aPromptUnchanged),
    },
  ],
  'PUT /prompt/:id': [
    { name: "A's prompt", req: async () => ({ method: 'PUT', url: `/prompt/${(await prompts()).a}`, body: { name: 'Tomado por B' } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
    { name: "A's queue on B's prompt", req: async () => ({ method: 'PUT', url: `/prompt/${(await prompts()).b}`, body: { queueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
  ],
  'DELETE /prompt/:id': [{ name: "A's prompt", req: async () => ({ method: 'DELETE', url: `/prompt/${(await prompts()).a}` }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) }],
});
