import { INT4_OVER, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the tickets module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /tickets': [
    q('/tickets', 'unknown status', 'status=bogus'),
    q('/tickets', 'status twice', 'status=open&status=closed'),
    q('/tickets', 'page 0', 'pageNumber=0'),
    q('/tickets', 'page not a number', 'pageNumber=abc'),
    q('/tickets', 'showAll not a boolean', 'showAll=maybe'),
    q('/tickets', 'queueIds broken JSON', 'queueIds=[1,'),
    q('/tickets', 'queueIds not numbers', 'queueIds=a,b'),
    q('/tickets', 'queueIds negative', 'queueIds=-1'),
    q('/tickets', 'queueIds beyond integer', `queueIds=${INT4_OVER}`),
    q('/tickets', 'users beyond integer', `users=[${INT4_OVER}]`),
    q('/tickets', 'tags fraction', 'tags=1.5'),
    q('/tickets', 'tags with text', 'tags=[1,"a"]'),
    q('/tickets', 'tags broken JSON', 'tags=[1'),
    q('/tickets', 'tags zero', 'tags=[0]'),
    q('/tickets', 'users negative', 'users=[-3]'),
    q('/tickets', 'users as an object', 'users={"id":1}'),
    q('/tickets', 'updatedAt not a date', 'updatedAt=yesterday'),
    q('/tickets', 'search too long', `searchParam=${long(101)}`),
    q('/tickets', 'search with a NUL byte', 'searchParam=a%00b'),
  ],
  'GET /tickets/u/:uuid': [
    ...['abc', '123', '00000000-0000-0000-0000-00000000000g', 'null'].map((u) => q(`/tickets/u/${u}`, `uuid "${u}"`, '')),
    { ...q(`/tickets/u/${long(5000)}`, 'param over the router limit', ''), status: 414 },
    q('/tickets/u/%E0%A4%A', 'broken percent-encoding', ''),
  ],
  'GET /tickets/:id': badIds('GET', (id) => `/tickets/${id}`),
  'POST /tickets': [
    b('POST', '/tickets', 'missing contactId', {}),
    b('POST', '/tickets', 'contactId as text', { contactId: 'abc' }),
    b('POST', '/tickets', 'contactId negative', { contactId: -1 }),
    b('POST', '/tickets', 'contactId beyond integer', { contactId: INT4_OVER }),
    b('POST', '/tickets', 'queueId beyond integer', { contactId: '{contact}', queueId: INT4_OVER }),
    b('POST', '/tickets', 'status closed', { contactId: '{contact}', status: 'closed' }),
    b('POST', '/tickets', 'queueId object', { contactId: '{contact}', queueId: { id: 1 } }),
    ...bodyShapes('POST', '/tickets'),
  ],
  'POST /tickets/closeAll': [
    b('POST', '/tickets/closeAll', 'missing status', {}),
    b('POST', '/tickets/closeAll', 'closed is not closable', { status: 'closed' }),
    b('POST', '/tickets/closeAll', 'queue ids as text', { status: 'open', selectedQueueIds: '1,2' }),
    b('POST', '/tickets/closeAll', 'queue id 0', { status: 'open', selectedQueueIds: [0] }),
    b('POST', '/tickets/closeAll', 'queue id beyond integer', { status: 'open', selectedQueueIds: [INT4_OVER] }),
    b('POST', '/tickets/closeAll', 'too many queue ids', { status: 'open', selectedQueueIds: Array.from({ length: 501 }, (_, i) => i + 1) }),
    ...bodyShapes('POST', '/tickets/closeAll'),
  ],
  'PUT /tickets/:id': [
    ...badIds('PUT', (id) => `/tickets/${id}`, { status: 'open' }),
    b('PUT', '/tickets/{ticket}', 'nothing to change', {}),
    b('PUT', '/tickets/{ticket}', 'unknown status', { status: 'bogus' }),
    b('PUT', '/tickets/{ticket}', 'userId as text', { userId: 'x' }),
    b('PUT', '/tickets/{ticket}', 'queueId negative', { queueId: -5 }),
    b('PUT', '/tickets/{ticket}', 'userId beyond integer', { queueId: '{queue}', userId: INT4_OVER }),
    ...bodyShapes('PUT', '/tickets/{ticket}'),
  ],
  'DELETE /tickets/:id': badIds('DELETE', (id) => `/tickets/${id}`),
  'GET /ticket/kanban': [
    q('/ticket/kanban', 'queueIds broken JSON', 'queueIds=[1,'),
    q('/ticket/kanban', 'queueIds not ids', 'queueIds=%5B%22a%22%5D'),
    q('/ticket/kanban', 'queueIds beyond integer', `queueIds=${encodeURIComponent(JSON.stringify([INT4_OVER]))}`),
  ],
};
