import { INT4_OVER, long, q, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the dashboard module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /dashboard': [
    q('/dashboard', 'days not a number', 'days=abc'),
    q('/dashboard', 'days negative', 'days=-3'),
    q('/dashboard', 'days over a year', 'days=367'),
    q('/dashboard', 'date_from not a date', 'date_from=ontem'),
    q('/dashboard', 'date_from not a real day', 'date_from=2026-02-30'),
    q('/dashboard', 'date_to without date_from', 'date_to=2026-03-01'),
    q('/dashboard', 'date_to before date_from', 'date_from=2026-03-10&date_to=2026-03-01'),
    q('/dashboard', 'a range over a year', 'date_from=2024-01-01&date_to=2026-01-01'),
    q('/dashboard', 'SQL in a date', "date_from=2026-01-01';drop"),
    q('/dashboard', 'date_from twice', 'date_from=2026-01-01&date_from=2026-01-02'),
    { ...q('/dashboard', "the spec client's days=0 is no period", 'days=0'), status: 200 },
  ],
  'GET /dashboard/ticketsUsers': [
    q('/dashboard/ticketsUsers', 'no dates', ''),
    q('/dashboard/ticketsUsers', 'finalDate missing', 'initialDate=2026-03-01'),
    q('/dashboard/ticketsUsers', 'a date with a time', 'initialDate=2026-03-01T00:00:00Z&finalDate=2026-03-02'),
    q('/dashboard/ticketsUsers', 'final before initial', 'initialDate=2026-03-10&finalDate=2026-03-01'),
    q('/dashboard/ticketsUsers', 'month 13', 'initialDate=2026-13-01&finalDate=2026-13-02'),
    { ...q('/dashboard/ticketsUsers', "the spec client's companyId is ignored", 'initialDate=2026-03-01&finalDate=2026-03-02&companyId=abc'), status: 200 },
  ],
  'GET /dashboard/ticketsDay': [
    q('/dashboard/ticketsDay', 'no dates', ''),
    q('/dashboard/ticketsDay', 'initialDate not a date', 'initialDate=hoje&finalDate=2026-03-02'),
    q('/dashboard/ticketsDay', 'a range over a year', 'initialDate=2020-01-01&finalDate=2026-03-02'),
    q('/dashboard/ticketsDay', 'a NUL byte', 'initialDate=2026-03-01%00&finalDate=2026-03-02'),
  ],
  'GET /dashboard/onboarding': [{ ...q('/dashboard/onboarding', 'unknown params are ignored', 'x=1'), status: 200 }],
  'GET /dashboard/quality': [
    q('/dashboard/quality', 'date_from not a date', 'date_from=ontem'),
    q('/dashboard/quality', 'date_to before date_from', 'date_from=2026-03-10&date_to=2026-03-01'),
    q('/dashboard/quality', 'more than a year', 'date_from=2024-01-01&date_to=2026-01-01'),
    q('/dashboard/quality', 'userId 0', 'userId=0'),
    q('/dashboard/quality', 'queueId beyond an integer', `queueId=${INT4_OVER}`),
    { ...q('/dashboard/quality', 'unknown query is ignored', 'x=%ZZ'), status: 200 },
  ],
  'GET /ticket/reports': [
    q('/ticket/reports', 'page 0', 'page=0'),
    q('/ticket/reports', 'pageSize over 100', 'pageSize=101'),
    q('/ticket/reports', 'status unknown', 'status=["bogus"]'),
    q('/ticket/reports', 'status broken JSON', 'status=["open"'),
    q('/ticket/reports', 'queueIds not numbers', 'queueIds=["a"]'),
    q('/ticket/reports', 'users negative', 'users=[-1]'),
    q('/ticket/reports', 'whatsappId beyond an integer', `whatsappId=[${INT4_OVER}]`),
    q('/ticket/reports', 'contactId not a number', 'contactId=abc'),
    q('/ticket/reports', 'dateFrom not a date', 'dateFrom=ontem'),
    q('/ticket/reports', 'dateTo before dateFrom', 'dateFrom=2026-03-10&dateTo=2026-03-01'),
    q('/ticket/reports', 'onlyRated not a boolean', 'onlyRated=maybe'),
    q('/ticket/reports', 'search too long', `searchParam=${long(101)}`),
    q('/ticket/reports', 'search with a NUL byte', 'searchParam=a%00b'),
    { ...q('/ticket/reports', 'search with LIKE wildcards is text', 'searchParam=%25_%5C'), status: 200 },
  ],
};
