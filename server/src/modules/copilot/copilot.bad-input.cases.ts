import { NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the copilot module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts). The fixture company has no copilot set up: a well-formed call
// on its ticket is 409 ERR_COPILOT_NOT_CONFIGURED, never a 500.

export const badInputCases: BadInputRows = {
  'GET /copilot/settings': [{ ...q('/copilot/settings', 'unknown query keys are ignored', 'x=1'), status: 200 }],
  'PUT /copilot/settings': [
    b('PUT', '/copilot/settings', 'baseUrl not a URL', { baseUrl: 'api.openai.com' }),
    b('PUT', '/copilot/settings', 'baseUrl of another scheme', { baseUrl: 'ftp://example.com/v1' }),
    b('PUT', '/copilot/settings', 'baseUrl too long', { baseUrl: `https://${long(500)}.com` }),
    b('PUT', '/copilot/settings', 'enabled as text', { enabled: 'sim' }),
    b('PUT', '/copilot/settings', 'a negative cap', { monthlyTokenCap: -1 }),
    b('PUT', '/copilot/settings', 'a fractional cap', { monthlyTokenCap: 1.5 }),
    b('PUT', '/copilot/settings', 'a cap as text', { monthlyTokenCap: '1000' }),
    b('PUT', '/copilot/settings', 'a cap over a billion', { monthlyTokenCap: 1_000_000_001 }),
    b('PUT', '/copilot/settings', 'apiKey with a NUL byte', { apiKey: NUL }),
    b('PUT', '/copilot/settings', 'model too long', { model: long(101) }),
    b('PUT', '/copilot/settings', 'autoSummary as number', { autoSummary: 2 }),
    ...bodyShapes('PUT', '/copilot/settings'),
  ],
  'GET /copilot/status': [{ ...q('/copilot/status', 'unknown query keys are ignored', 'enabled=true'), status: 200 }],
  'GET /copilot/usage': [
    q('/copilot/usage', 'month not YYYY-MM', 'month=2026-1'),
    q('/copilot/usage', 'month 13', 'month=2026-13'),
    q('/copilot/usage', 'month as words', 'month=novembro'),
    { ...q('/copilot/usage', 'a month without usage', 'month=2020-01'), status: 200 },
  ],
  'POST /tickets/:id/copilot/suggestions': [
    ...badIds('POST', (id) => `/tickets/${id}/copilot/suggestions`),
    { name: 'an unknown ticket', req: { method: 'POST', url: '/tickets/999999/copilot/suggestions' }, status: 404 },
    { name: 'a company without a copilot', req: { method: 'POST', url: '/tickets/{ticket}/copilot/suggestions' }, status: 409, error: 'ERR_COPILOT_NOT_CONFIGURED' },
  ],
  'POST /tickets/:id/copilot/routing': [
    ...badIds('POST', (id) => `/tickets/${id}/copilot/routing`),
    { name: 'an unknown ticket', req: { method: 'POST', url: '/tickets/999999/copilot/routing' }, status: 404 },
    { name: 'a company without a copilot', req: { method: 'POST', url: '/tickets/{ticket}/copilot/routing' }, status: 409, error: 'ERR_COPILOT_NOT_CONFIGURED' },
  ],
  'POST /tickets/:id/copilot/summary': [
    ...badIds('POST', (id) => `/tickets/${id}/copilot/summary`),
    { name: 'an unknown ticket', req: { method: 'POST', url: '/tickets/999999/copilot/summary' }, status: 404 },
    { name: 'a company without a copilot', req: { method: 'POST', url: '/tickets/{ticket}/copilot/summary' }, status: 409, error: 'ERR_COPILOT_NOT_CONFIGURED' },
  ],
  'GET /tickets/:id/copilot/summaries': [
    ...badIds('GET', (id) => `/tickets/${id}/copilot/summaries`),
    { name: 'an unknown ticket', req: { method: 'GET', url: '/tickets/999999/copilot/summaries' }, status: 404 },
  ],
  'GET /tickets/:id/copilot/translation': [
    ...badIds('GET', (id) => `/tickets/${id}/copilot/translation`),
    { name: 'an unknown ticket', req: { method: 'GET', url: '/tickets/999999/copilot/translation' }, status: 404 },
    { name: 'a company without a copilot: nothing translated', req: { method: 'GET', url: '/tickets/{ticket}/copilot/translation' }, status: 200 },
  ],
  'PUT /tickets/:id/copilot/translation': [
    ...badIds('PUT', (id) => `/tickets/${id}/copilot/translation`, { translate: false }),
    b('PUT', '/tickets/{ticket}/copilot/translation', 'translate missing', {}),
    b('PUT', '/tickets/{ticket}/copilot/translation', 'translate as text', { translate: 'não' }),
    b('PUT', '/tickets/{ticket}/copilot/translation', 'translate as number', { translate: 0 }),
    ...bodyShapes('PUT', '/tickets/{ticket}/copilot/translation'),
    { name: 'an unknown ticket', req: { method: 'PUT', url: '/tickets/999999/copilot/translation', body: { translate: false } }, status: 404 },
  ],
  'POST /tickets/:id/copilot/translated-message': [
    ...badIds('POST', (id) => `/tickets/${id}/copilot/translated-message`, { body: 'Oi' }),
    b('POST', '/tickets/{ticket}/copilot/translated-message', 'body missing', {}),
    b('POST', '/tickets/{ticket}/copilot/translated-message', 'body blank', { body: '   ' }),
    b('POST', '/tickets/{ticket}/copilot/translated-message', 'body too long', { body: long(4_001) }),
    b('POST', '/tickets/{ticket}/copilot/translated-message', 'body as number', { body: 42 }),
    b('POST', '/tickets/{ticket}/copilot/translated-message', 'clientId not a uuid', { body: 'Oi', clientId: 'abc' }),
    ...bodyShapes('POST', '/tickets/{ticket}/copilot/translated-message'),
    { name: 'an unknown ticket', req: { method: 'POST', url: '/tickets/999999/copilot/translated-message', body: { body: 'Oi' } }, status: 404 },
    { name: 'a company without a copilot', req: { method: 'POST', url: '/tickets/{ticket}/copilot/translated-message', body: { body: 'Oi' } }, status: 409, error: 'ERR_COPILOT_NOT_CONFIGURED' },
  ],
};
