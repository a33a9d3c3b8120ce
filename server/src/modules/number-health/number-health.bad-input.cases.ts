import { badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the number-health module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /contacts/:id/opt-out': [...badIds('GET', (id) => `/contacts/${id}/opt-out`), { name: 'an unknown contact', req: { method: 'GET', url: '/contacts/999999/opt-out' }, status: 404, error: 'ERR_NO_CONTACT_FOUND' }],
  'PUT /contacts/:id/opt-out': [...badIds('PUT', (id) => `/contacts/${id}/opt-out`), { name: 'an unknown contact', req: { method: 'PUT', url: '/contacts/999999/opt-out' }, status: 404, error: 'ERR_NO_CONTACT_FOUND' }],
  'DELETE /contacts/:id/opt-out': [...badIds('DELETE', (id) => `/contacts/${id}/opt-out`), { name: 'an unknown contact', req: { method: 'DELETE', url: '/contacts/999999/opt-out' }, status: 404, error: 'ERR_NO_CONTACT_FOUND' }],
  'GET /whatsapp/:id/health': [...badIds('GET', (id) => `/whatsapp/${id}/health`), { name: 'an unknown connection', req: { method: 'GET', url: '/whatsapp/999999/health' }, status: 404, error: 'ERR_NO_WAPP_FOUND' }],
};
