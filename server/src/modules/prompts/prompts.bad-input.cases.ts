import { INT4_OVER, long, q, b, badIds, promptOk, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the prompts module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /prompt': [q('/prompt', 'page 0', 'pageNumber=0'), q('/prompt', 'page as text', 'pageNumber=abc'), q('/prompt', 'search too long', `searchParam=${long(101)}`)],
  'GET /prompt/:id': [...badIds('GET', (id) => `/prompt/${id}`), { name: 'no such prompt', req: { method: 'GET', url: '/prompt/999999' }, status: 404 }],
  'POST /prompt': [
    b('POST', '/prompt', 'missing fields', {}),
    b('POST', '/prompt', 'name under 5 characters', { ...promptOk, name: 'abcd' }),
    b('POST', '/prompt', 'name too long', { ...promptOk, name: long(101) }),
    b('POST', '/prompt', 'prompt under 50 characters', { ...promptOk, prompt: 'curto' }),
    b('POST', '/prompt', 'no queue', { ...promptOk, queueId: undefined }),
    b('POST', '/prompt', 'queue as text', { ...promptOk, queueId: 'abc' }),
    b('POST', '/prompt', 'queue beyond int4', { ...promptOk, queueId: INT4_OVER }),
    b('POST', '/prompt', 'unknown voice', { ...promptOk, voice: 'robô' }),
    b('POST', '/prompt', 'temperature 3', { ...promptOk, temperature: 3 }),
    b('POST', '/prompt', 'negative max tokens', { ...promptOk, maxTokens: -1 }),
    b('POST', '/prompt', 'max messages 0', { ...promptOk, maxMessages: 0 }),
    b('POST', '/prompt', 'base URL not http', { ...promptOk, baseUrl: 'javascript:alert(1)' }),
    b('POST', '/prompt', 'region with a slash', { ...promptOk, voiceRegion: 'evil.com/x' }),
    b('POST', '/prompt', 'redactPii not a boolean', { ...promptOk, redactPii: 'sim' }),
    b('POST', '/prompt', 'key too long', { ...promptOk, apiKey: long(501) }),
    b('POST', '/prompt', 'no such queue', { ...promptOk, queueId: 999999 }, { status: 404, error: 'ERR_NO_QUEUE_FOUND' }),
  ],
  'PUT /prompt/:id': [
    ...badIds('PUT', (id) => `/prompt/${id}`, { maxTokens: 10 }),
    b('PUT', '/prompt/{prompt}', 'name under 5 characters', { name: 'abcd' }),
    b('PUT', '/prompt/{prompt}', 'temperature as text', { temperature: 'quente' }),
    b('PUT', '/prompt/{prompt}', 'queue 0', { queueId: 0 }),
    b('PUT', '/prompt/{prompt}', 'no such queue', { queueId: 999999 }, { status: 404, error: 'ERR_NO_QUEUE_FOUND' }),
    { name: 'no such prompt', req: { method: 'PUT', url: '/prompt/999999', body: { maxTokens: 10 } }, status: 404 },
  ],
  'DELETE /prompt/:id': [...badIds('DELETE', (id) => `/prompt/${id}`), { name: 'no such prompt', req: { method: 'DELETE', url: '/prompt/999999' }, status: 404 }],
};
