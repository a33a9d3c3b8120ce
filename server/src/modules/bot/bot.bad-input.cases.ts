import { INT4_OVER, b, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the bot module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /tickets/:id/events': badIds('GET', (id) => `/tickets/${id}/events`),
  'POST /bot/replay': [
    b('POST', '/bot/replay', 'no target', { ticketId: '{ticket}' }),
    b('POST', '/bot/replay', 'two targets', { ticketId: '{ticket}', queueId: '{queue}', promptId: '{prompt}' }),
    b('POST', '/bot/replay', 'missing ticketId', { queueId: '{queue}' }),
    b('POST', '/bot/replay', 'ticketId as text', { ticketId: 'abc', queueId: '{queue}' }),
    b('POST', '/bot/replay', 'ticketId over int4', { ticketId: INT4_OVER, queueId: '{queue}' }),
    b('POST', '/bot/replay', 'queueId 0', { ticketId: '{ticket}', queueId: 0 }),
    b('POST', '/bot/replay', 'integrationId negative', { ticketId: '{ticket}', integrationId: -1 }),
    b('POST', '/bot/replay', 'an unknown field', { ticketId: '{ticket}', queueId: '{queue}', send: true }),
    b('POST', '/bot/replay', 'unknown prompt', { ticketId: '{ticket}', promptId: 99999999 }, { status: 404, error: 'ERR_NOT_FOUND' }),
    b('POST', '/bot/replay', 'unknown integration', { ticketId: '{ticket}', integrationId: 99999999 }, { status: 404, error: 'ERR_NO_INTEGRATION_FOUND' }),
    b('POST', '/bot/replay', 'unknown queue', { ticketId: '{ticket}', queueId: 99999999 }, { status: 404, error: 'ERR_NO_QUEUE_FOUND' }),
  ],
};
