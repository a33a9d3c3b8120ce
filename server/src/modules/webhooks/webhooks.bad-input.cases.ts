import { NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the webhooks module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /webhooks': [{ ...q('/webhooks', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /webhooks': [
    b('POST', '/webhooks', 'missing name', { url: 'https://example.com/h', events: ['message.created'] }),
    b('POST', '/webhooks', 'name over 100', { name: long(101), url: 'https://example.com/h', events: ['message.created'] }),
    b('POST', '/webhooks', 'name with a NUL byte', { name: NUL, url: 'https://example.com/h', events: ['message.created'] }),
    b('POST', '/webhooks', 'missing url', { name: 'Hook', events: ['message.created'] }),
    b('POST', '/webhooks', 'url not http(s)', { name: 'Hook', url: 'file:///etc/passwd', events: ['message.created'] }),
    b('POST', '/webhooks', 'url not a url', { name: 'Hook', url: 'not a url', events: ['message.created'] }),
    b('POST', '/webhooks', 'url over 2,000 characters', { name: 'Hook', url: `https://example.com/${long(2000)}`, events: ['message.created'] }),
    b('POST', '/webhooks', 'no events', { name: 'Hook', url: 'https://example.com/h', events: [] }),
    b('POST', '/webhooks', 'unknown event', { name: 'Hook', url: 'https://example.com/h', events: ['invoice.paid'] }),
    b('POST', '/webhooks', 'events not a list', { name: 'Hook', url: 'https://example.com/h', events: 'message.created' }),
    b('POST', '/webhooks', 'active not a boolean', { name: 'Hook', url: 'https://example.com/h', events: ['message.created'], active: 'sim' }),
    ...bodyShapes('POST', '/webhooks'),
  ],
  'PUT /webhooks/:id': [
    ...badIds('PUT', (id) => `/webhooks/${id}`, { name: 'Hook' }),
    b('PUT', '/webhooks/{webhook}', 'empty name', { name: '  ' }),
    b('PUT', '/webhooks/{webhook}', 'url not http(s)', { url: 'javascript:alert(1)' }),
    b('PUT', '/webhooks/{webhook}', 'unknown event', { events: ['nope'] }),
    { name: 'no such webhook', req: { method: 'PUT', url: '/webhooks/999999', body: { name: 'Hook' } }, status: 404 },
    ...bodyShapes('PUT', '/webhooks/{webhook}'),
  ],
  'DELETE /webhooks/:id': [...badIds('DELETE', (id) => `/webhooks/${id}`), { name: 'no such webhook', req: { method: 'DELETE', url: '/webhooks/999999' }, status: 404 }],
  'POST /webhooks/:id/secret': [...badIds('POST', (id) => `/webhooks/${id}/secret`), { name: 'no such webhook', req: { method: 'POST', url: '/webhooks/999999/secret' }, status: 404 }],
  'POST /webhooks/:id/test': [...badIds('POST', (id) => `/webhooks/${id}/test`), { name: 'no such webhook', req: { method: 'POST', url: '/webhooks/999999/test' }, status: 404 }],
  'GET /webhooks/:id/deliveries': [
    ...badIds('GET', (id) => `/webhooks/${id}/deliveries`),
    q('/webhooks/{webhook}/deliveries', 'pageNumber 0', 'pageNumber=0'),
    q('/webhooks/{webhook}/deliveries', 'unknown status', 'status=lost'),
    { name: 'no such webhook', req: { method: 'GET', url: '/webhooks/999999/deliveries' }, status: 404 },
  ],
  'POST /webhooks/:id/deliveries/:deliveryId/replay': [
    ...badIds('POST', (id) => `/webhooks/${id}/deliveries/1/replay`),
    ...['abc', '0', '-1', '1.5', '1e400'].map((id) => ({ name: `delivery id "${id}"`, req: { method: 'POST' as const, url: `/webhooks/{webhook}/deliveries/${id}/replay` } })),
    { name: 'no such delivery', req: { method: 'POST', url: '/webhooks/{webhook}/deliveries/999999/replay' }, status: 404 },
  ],
};
