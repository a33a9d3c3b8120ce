import { INT4_OVER, long, q, b, form, EXE, PDF, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the schedules module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /schedules': [
    q('/schedules', 'page 0', 'pageNumber=0'),
    q('/schedules', 'search too long', `searchParam=${long(101)}`),
    q('/schedules', 'start not a date', 'start=amanha'),
    q('/schedules', 'end not a date', 'end=2030-13-45T99:00'),
    q('/schedules', 'unknown status', 'status=ENVIANDO'),
    q('/schedules', 'ticket beyond int4', `ticketId=${INT4_OVER}`),
  ],
  'GET /schedules/:id': [...badIds('GET', (id) => `/schedules/${id}`), { name: 'no such schedule', req: { method: 'GET', url: '/schedules/999999' }, status: 404 }],
  'POST /schedules': [
    b('POST', '/schedules', 'missing fields', {}),
    b('POST', '/schedules', 'body under 5 characters', { body: 'Oi', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'body of spaces', { body: '         ', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'body not text', { body: 12345, contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'sendAt not a date', { body: 'Lembrete', contactId: '{contact}', sendAt: 'amanhã' }),
    b('POST', '/schedules', 'contact as text', { body: 'Lembrete', contactId: 'abc', sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'contact beyond int4', { body: 'Lembrete', contactId: INT4_OVER, sendAt: '2030-01-01T10:00:00Z' }),
    b('POST', '/schedules', 'cancelOnReply not a boolean', { body: 'Lembrete', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z', cancelOnReply: 'sim' }),
    b('POST', '/schedules', 'a follow-up without its ticket', { body: 'Lembrete', contactId: '{contact}', sendAt: '2030-01-01T10:00:00Z', cancelOnReply: true }),
    b('POST', '/schedules', 'no such contact', { body: 'Lembrete', contactId: 999999, sendAt: '2030-01-01T10:00:00Z' }, { status: 404, error: 'ERR_NO_CONTACT_FOUND' }),
    b('POST', '/schedules', 'no such ticket', { body: 'Lembrete', contactId: '{contact}', ticketId: 999999, sendAt: '2030-01-01T10:00:00Z' }, { status: 404, error: 'ERR_NO_TICKET_FOUND' }),
    ...bodyShapes('POST', '/schedules'),
  ],
  'PUT /schedules/:id': [
    ...badIds('PUT', (id) => `/schedules/${id}`, { body: 'Lembrete' }),
    b('PUT', '/schedules/{schedule}', 'body under 5 characters', { body: 'Oi' }),
    b('PUT', '/schedules/{schedule}', 'sendAt not a date', { sendAt: 'ontem' }),
    b('PUT', '/schedules/{schedule}', 'contact 0', { contactId: 0 }),
    b('PUT', '/schedules/{schedule}', 'no such contact', { contactId: 999999 }, { status: 404, error: 'ERR_NO_CONTACT_FOUND' }),
    { name: 'no such schedule', req: { method: 'PUT', url: '/schedules/999999', body: { body: 'Lembrete' } }, status: 404 },
  ],
  'DELETE /schedules/:id': [...badIds('DELETE', (id) => `/schedules/${id}`), { name: 'no such schedule', req: { method: 'DELETE', url: '/schedules/999999' }, status: 404 }],
  'POST /schedules/:id/media-upload': [
    ...badIds('POST', (id) => `/schedules/${id}/media-upload`),
    b('POST', '/schedules/{schedule}/media-upload', 'JSON instead of a file', { file: 'x' }),
    form('/schedules/{schedule}/media-upload', 'a PDF (only .png, .jpg, .jpeg)', {}, [{ field: 'file', fileName: 'doc.png', type: 'image/png', content: PDF }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/schedules/{schedule}/media-upload', 'a program', {}, [{ field: 'file', fileName: 'foto.jpg', type: 'image/jpeg', content: EXE }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/schedules/{schedule}/media-upload', 'an empty file', {}, [{ field: 'file', fileName: 'foto.png', type: 'image/png', content: '' }]),
  ],
  'DELETE /schedules/:id/media-upload': [...badIds('DELETE', (id) => `/schedules/${id}/media-upload`), { name: 'no such schedule', req: { method: 'DELETE', url: '/schedules/999999/media-upload' }, status: 404 }],
};
