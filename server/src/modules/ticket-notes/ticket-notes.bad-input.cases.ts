import { INT4_OVER, NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the ticket-notes module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /ticket-notes/list': [
    q('/ticket-notes/list', 'missing ticketId', ''),
    q('/ticket-notes/list', 'ticketId not a number', 'ticketId=abc'),
    q('/ticket-notes/list', 'ticketId over int4', `ticketId=${INT4_OVER}`),
    q('/ticket-notes/list', 'contactId not a number', 'ticketId={ticket}&contactId=x'),
    { ...q('/ticket-notes/list', 'an unknown ticket', 'ticketId=999999'), status: 404 },
    q('/ticket-notes/list', "a contact that is not the ticket's", 'ticketId={ticket}&contactId=999999'),
  ],
  'POST /ticket-notes': [
    b('POST', '/ticket-notes', 'missing note', { ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note of one character', { note: 'a', ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'blank note', { note: '    ', ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note as object', { note: { text: 'oi' }, ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note with a NUL byte', { note: NUL, ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'note over 10,000 characters', { note: long(10_001), ticketId: '{ticket}' }),
    b('POST', '/ticket-notes', 'missing ticketId', { note: 'Nota' }),
    b('POST', '/ticket-notes', 'ticketId as text', { note: 'Nota', ticketId: 'abc' }),
    b('POST', '/ticket-notes', "a contact that is not the ticket's", { note: 'Nota', ticketId: '{ticket}', contactId: 999999 }),
    { ...b('POST', '/ticket-notes', 'an unknown ticket', { note: 'Nota', ticketId: 999999 }), status: 404 },
    ...bodyShapes('POST', '/ticket-notes'),
  ],
  'DELETE /ticket-notes/:id': [...badIds('DELETE', (id) => `/ticket-notes/${id}`), { name: 'no such note', req: { method: 'DELETE', url: '/ticket-notes/999999' }, status: 404 }],
};
