import { q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the sla module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts).

const targets = { firstResponseMinutes: 30, nextResponseMinutes: 60, resolutionMinutes: 480 };

export const badInputCases: BadInputRows = {
  'GET /sla': [{ ...q('/sla', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'PUT /sla': [
    b('PUT', '/sla', 'a target of zero minutes', { company: { ...targets, firstResponseMinutes: 0 } }),
    b('PUT', '/sla', 'a target as text', { company: { ...targets, resolutionMinutes: '8h' } }),
    b('PUT', '/sla', 'a fractional target', { company: { ...targets, nextResponseMinutes: 1.5 } }),
    b('PUT', '/sla', 'a target left out', { company: { firstResponseMinutes: 30 } }),
    b('PUT', '/sla', 'a period ending before it starts', { hours: { periods: [{ weekday: 1, start: '12:00', end: '08:00' }], holidays: [] } }),
    b('PUT', '/sla', 'weekday 7', { hours: { periods: [{ weekday: 7, start: '08:00', end: '12:00' }], holidays: [] } }),
    b('PUT', '/sla', 'a time without colon', { hours: { periods: [{ weekday: 1, start: '0800', end: '12:00' }], holidays: [] } }),
    b('PUT', '/sla', 'a holiday that is no date', { hours: { periods: [], holidays: ['2026-13-40'] } }),
    ...bodyShapes('PUT', '/sla'),
  ],
  'PUT /sla/queues/:id': [
    ...badIds('PUT', (id) => `/sla/queues/${id}`, targets),
    b('PUT', '/sla/queues/{queue}', 'a negative target', { ...targets, firstResponseMinutes: -5 }),
    b('PUT', '/sla/queues/{queue}', 'a fractional target', { ...targets, resolutionMinutes: 0.5 }),
    b('PUT', '/sla/queues/{queue}', 'missing targets', {}),
    ...bodyShapes('PUT', '/sla/queues/{queue}'),
    { name: 'no such queue', req: { method: 'PUT', url: '/sla/queues/999999', body: targets }, status: 404 },
  ],
};
