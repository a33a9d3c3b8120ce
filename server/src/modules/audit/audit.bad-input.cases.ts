import { INT4_OVER, q, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the audit module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /audit-logs': [
    { ...q('/audit-logs', 'unknown query is ignored', 'x=%ZZ'), status: 200 },
    q('/audit-logs', 'unknown entity', 'entity=ticket'),
    q('/audit-logs', 'userId as text', 'userId=abc'),
    q('/audit-logs', 'userId beyond an integer', `userId=${INT4_OVER}`),
    q('/audit-logs', 'dateFrom not a date', 'dateFrom=ontem'),
    q('/audit-logs', 'dateTo impossible', 'dateTo=2026-02-30'),
    q('/audit-logs', 'pageNumber zero', 'pageNumber=0'),
    q('/audit-logs', 'pageNumber as text', 'pageNumber=x'),
    { ...q('/audit-logs', 'companyId of no company (super)', 'companyId=999999'), status: 200, as: 'super' },
    { ...q('/audit-logs', 'companyId as text (super)', 'companyId=abc'), as: 'super' },
  ],
};
