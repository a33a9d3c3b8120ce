import { NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the queue-integrations module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /queueIntegration': [
    q('/queueIntegration', 'pageNumber 0', 'pageNumber=0'),
    q('/queueIntegration', 'pageNumber as text', 'pageNumber=abc'),
    q('/queueIntegration', 'searchParam too long', `searchParam=${long(101)}`),
    { ...q('/queueIntegration', 'search with LIKE wildcards is text', 'searchParam=%25_%5C'), status: 200 },
  ],
  'POST /queueIntegration': [
    b('POST', '/queueIntegration', 'missing name', { type: 'webhook' }),
    b('POST', '/queueIntegration', 'name of one character', { name: 'a', type: 'webhook' }),
    b('POST', '/queueIntegration', 'name over 50', { name: long(51), type: 'webhook' }),
    b('POST', '/queueIntegration', 'name with a NUL byte', { name: NUL, type: 'webhook' }),
    b('POST', '/queueIntegration', 'missing type', { name: 'Sem tipo' }),
    b('POST', '/queueIntegration', 'unknown type', { name: 'Tipo ruim', type: 'zapier' }),
    b('POST', '/queueIntegration', 'url not http(s)', { name: 'Url ruim', type: 'webhook', urlN8N: 'file:///etc/passwd' }),
    b('POST', '/queueIntegration', 'url not a url', { name: 'Url ruim', type: 'webhook', urlN8N: 'not a url' }),
    b('POST', '/queueIntegration', 'language not offered', { name: 'Lingua', type: 'dialogflow', language: 'fr' }),
    b('POST', '/queueIntegration', 'negative typebotExpires', { name: 'Expira', type: 'typebot', typebotExpires: -1 }),
    b('POST', '/queueIntegration', 'typebotDelayMessage as words', { name: 'Atraso', type: 'typebot', typebotDelayMessage: 'um segundo' }),
    b('POST', '/queueIntegration', 'jsonContent that is not a service account', { name: 'Dialog', type: 'dialogflow', jsonContent: '{"a":1}' }),
    b('POST', '/queueIntegration', 'jsonContent over 20,000 characters', { name: 'Dialog', type: 'dialogflow', jsonContent: long(20_001) }),
    { ...b('POST', '/queueIntegration', 'name already taken (other case)', { name: 'FIXTURE', type: 'n8n' }), status: 409 },
    ...bodyShapes('POST', '/queueIntegration'),
  ],
  'GET /queueIntegration/:id': [...badIds('GET', (id) => `/queueIntegration/${id}`), { name: 'no such integration', req: { method: 'GET', url: '/queueIntegration/999999' }, status: 404 }],
  'PUT /queueIntegration/:id': [
    ...badIds('PUT', (id) => `/queueIntegration/${id}`, { name: 'Integração' }),
    b('PUT', '/queueIntegration/{integration}', 'name of one character', { name: 'a' }),
    b('PUT', '/queueIntegration/{integration}', 'unknown type', { type: 'zapier' }),
    b('PUT', '/queueIntegration/{integration}', 'url not a url', { urlN8N: 'javascript:alert(1)' }),
    { ...b('PUT', '/queueIntegration/999999', 'no such integration', { name: 'Integração' }), status: 404 },
    ...bodyShapes('PUT', '/queueIntegration/{integration}'),
  ],
  'DELETE /queueIntegration/:id': [...badIds('DELETE', (id) => `/queueIntegration/${id}`), { name: 'no such integration', req: { method: 'DELETE', url: '/queueIntegration/999999' }, status: 404 }],
  'POST /queueIntegration/testSession': [
    b('POST', '/queueIntegration/testSession', 'missing projectName', { jsonContent: '{}' }),
    b('POST', '/queueIntegration/testSession', 'language not offered', { projectName: 'p', language: 'xx' }),
    b('POST', '/queueIntegration/testSession', 'id as text', { projectName: 'p', id: 'abc' }),
    { ...b('POST', '/queueIntegration/testSession', 'jsonContent not a service account', { projectName: 'p', jsonContent: 'nope' }), error: 'ERR_INTEGRATION_TEST_FAILED' },
    { ...b('POST', '/queueIntegration/testSession', 'an unknown integration', { projectName: 'p', id: 999999 }), status: 404 },
    ...bodyShapes('POST', '/queueIntegration/testSession'),
  ],
};
