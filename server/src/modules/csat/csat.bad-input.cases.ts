import { INT4_OVER, q, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the csat module's route (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts).

export const badInputCases: BadInputRows = {
  'GET /csat/ratings': [
    q('/csat/ratings', 'from is no date', 'from=yesterday'),
    q('/csat/ratings', 'to is no calendar day', 'to=2026-02-30'),
    q('/csat/ratings', 'userId 0', 'userId=0'),
    q('/csat/ratings', 'userId as text', 'userId=ana'),
    q('/csat/ratings', 'queueId past int4', `queueId=${INT4_OVER}`),
    { ...q('/csat/ratings', 'unknown query is ignored', 'x=%ZZ'), status: 200 },
  ],
};
