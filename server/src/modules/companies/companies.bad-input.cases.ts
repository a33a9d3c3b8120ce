import { INT4_OVER, NUL, long, q, b, form, PDF, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the companies module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

/** A signup body that passes its schema. */
const signupOk = { name: 'Loja Nova', email: 'loja.nova@example.com', phone: '(11) 98765-4321', password: 'segredo1', planId: 1 };
/** A plan body that passes the schema. */
const planOk = { name: 'Plano Ok', users: 1, connections: 1, queues: 1, value: 0 };

export const badInputCases: BadInputRows = {
  'GET /settings': [{ ...q('/settings', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'PUT /settings/:key': [
    b('PUT', '/settings/userRating', 'missing value', {}),
    b('PUT', '/settings/userRating', 'value as number', { value: 1 }),
    b('PUT', '/settings/userRating', 'empty value', { value: '  ' }),
    b('PUT', '/settings/userRating', 'value too long', { value: long(501) }),
    b('PUT', '/settings/userRating', 'on/off setting set to something else', { value: 'maybe' }),
    b('PUT', `/settings/${long(61)}`, 'key too long', { value: 'enabled' }),
    b('PUT', '/settings/bogus', 'unknown key', { value: 'enabled' }, { status: 404, error: 'ERR_NO_SETTING_FOUND' }),
    b('PUT', '/settings/scheduleType', 'scheduleType outside its choices', { value: 'enabled' }),
    b('PUT', '/settings/timezone', 'timezone not an IANA zone', { value: 'GMT+25' }),
    { ...b('PUT', '/settings/trial', 'trial of 30 days', { value: '30' }), as: 'super' },
  ],
  'GET /companies/:id': [...badIds('GET', (id) => `/companies/${id}`), { name: 'no such company', req: { method: 'GET', url: '/companies/999999' }, status: 404 }],
  'PUT /companies/:id/schedules': [
    ...badIds('PUT', (id) => `/companies/${id}/schedules`, { schedules: [] }),
    b('PUT', '/companies/{company}/schedules', 'missing schedules', { id: '{company}' }),
    b('PUT', '/companies/{company}/schedules', 'schedules as object', { schedules: { monday: '08:00' } }),
    b('PUT', '/companies/{company}/schedules', 'time without colon', { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '0800', endTime: '18:00' }] }),
    b('PUT', '/companies/{company}/schedules', 'hour 25', { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }] }),
    b('PUT', '/companies/{company}/schedules', 'unknown weekday', { schedules: [{ weekday: 'Dia', weekdayEn: 'funday', startTime: '08:00', endTime: '18:00' }] }),
    b('PUT', '/companies/{company}/schedules', 'a weekday twice', {
      schedules: [
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' },
      ],
    }),
    b('PUT', '/companies/{company}/schedules', 'eight days', { schedules: Array.from({ length: 8 }, () => ({ weekday: 'x', weekdayEn: 'monday', startTime: '', endTime: '' })) }),
    b('PUT', '/companies/{company}/schedules', 'time as number', { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: 800, endTime: '18:00' }] }),
    ...bodyShapes('PUT', '/companies/{company}/schedules'),
  ],
  'GET /settings/viewregister': [{ ...q('/settings/viewregister', 'unknown query is ignored', 'x=1'), status: 200 }],
  'GET /companies': [{ ...q('/companies', 'unknown query is ignored', 'x=%ZZ'), status: 200, as: 'super' }],
  'POST /companies': [
    { ...b('POST', '/companies', 'missing fields', {}), as: 'super' },
    { ...b('POST', '/companies', 'admin missing', { name: 'Nova Empresa' }), as: 'super' },
    { ...b('POST', '/companies', 'admin e-mail invalid', { name: 'Nova Empresa', admin: { name: 'Ana', email: 'x', password: 'Secret123' } }), as: 'super' },
    ...[
      ['due date not a date', { dueDate: 'tomorrow' }],
      ['unknown recurrence', { recurrence: 'DAILY' }],
      ['plan id as text', { planId: 'x' }],
      ['plan id beyond integer', { planId: INT4_OVER }],
      ['timezone that does not exist', { timezone: 'Mars/Olympus' }],
    ].map(([name, extra]) => ({
      ...b('POST', '/companies', name as string, { name: 'Nova Empresa', admin: { name: 'Ana', email: 'nova@example.com', password: 'Secret123' }, ...(extra as object) }),
      as: 'super' as const,
    })),
    ...bodyShapes('POST', '/companies').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'GET /companies/listPlan/:id': badIds('GET', (id) => `/companies/listPlan/${id}`).map((c) => ({ ...c, as: 'super' as const })),
  // Issue 14 §4–5: the super user's Empresas tab, helps and logos.
  'GET /companies/list': [{ ...q('/companies/list', 'unknown query is ignored', 'x=%ZZ'), status: 200, as: 'super' }],
  'PUT /companies/:id': [
    ...badIds('PUT', (id) => `/companies/${id}`, { status: true }).map((c) => ({ ...c, as: 'super' as const })),
    ...(
      [
        ['name of one letter', { name: 'A' }],
        ['name over 50', { name: long(51) }],
        ['e-mail invalid', { email: 'x' }],
        ['phone over 20', { phone: long(21) }],
        ['planId as text', { planId: 'abc' }],
        ['planId over int4', { planId: INT4_OVER }],
        ['status as text', { status: 'yes' }],
        ['dueDate not a date', { dueDate: '31/12/2030' }],
        ['dueDate impossible', { dueDate: '2030-02-30' }],
        ['unknown recurrence', { recurrence: 'SEMANAL' }],
        ['name with a NUL byte', { name: NUL }],
      ] as const
    ).map(([name, body]) => ({ ...b('PUT', '/companies/{company}', name, body), as: 'super' as const })),
    { ...b('PUT', '/companies/999999', 'no such company', { status: true }), status: 404, as: 'super' },
    { ...b('PUT', '/companies/{company}', 'no such plan', { planId: 999999 }), status: 404, as: 'super' },
    ...bodyShapes('PUT', '/companies/{company}').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'DELETE /companies/:id': [
    ...badIds('DELETE', (id) => `/companies/${id}`).map((c) => ({ ...c, as: 'super' as const })),
    { name: 'no such company', req: { method: 'DELETE', url: '/companies/999999' }, status: 404, as: 'super' },
  ],
  'GET /logos': [{ ...q('/logos', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /settings/media-upload': [
    { ...form('/settings/media-upload', 'no destination', {}, [{ field: 'file', fileName: 'a.png', type: 'image/png', content: 'x' }]), as: 'super' },
    { ...form('/settings/media-upload?ref=banner', 'unknown destination', {}, [{ field: 'file', fileName: 'a.png', type: 'image/png', content: 'x' }]), as: 'super' },
    { ...b('POST', '/settings/media-upload?ref=login', 'JSON instead of a file', { file: 'x' }), status: [400, 415], as: 'super' },
    { ...form('/settings/media-upload?ref=login', 'no file part', { typeArch: 'logo' }, []), as: 'super' },
    { ...form('/settings/media-upload?ref=login', 'an empty file', {}, [{ field: 'file', fileName: 'a.png', type: 'image/png', content: '' }]), as: 'super' },
    { ...form('/settings/media-upload?ref=login', 'a PDF named .png', {}, [{ field: 'file', fileName: 'a.png', type: 'image/png', content: PDF }]), error: 'ERR_FILE_TYPE_NOT_ALLOWED', as: 'super' },
    { ...form('/settings/media-upload?ref=favicon', 'an SVG with a script', {}, [{ field: 'file', fileName: 'a.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]), error: 'ERR_FILE_TYPE_NOT_ALLOWED', as: 'super' },
  ],
  'GET /plans/list': [{ ...q('/plans/list', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  // Issue 14: public signup and password reset (registration is off here: a valid signup is 403).
  'GET /settings/allowregister': [{ ...q('/settings/allowregister', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'GET /settings/trial': [{ ...q('/settings/trial', 'unknown query is ignored', 'x=1'), status: 200 }],
  'GET /plans/signup': [{ ...q('/plans/signup', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /companies/cadastro': [
    ...[
      ['missing fields', {}],
      ['name of one character', { ...signupOk, name: 'A' }],
      ['e-mail not an e-mail', { ...signupOk, email: 'loja' }],
      ['password of 4 characters', { ...signupOk, password: '1234' }],
      ['phone of 12 digits', { ...signupOk, phone: '119876543210' }],
      ['plan as text', { ...signupOk, planId: 'básico' }],
      ['plan beyond int4', { ...signupOk, planId: INT4_OVER }],
      ['name with a NUL byte', { ...signupOk, name: NUL }],
    ].map(([name, body]) => b('POST', '/companies/cadastro', name as string, body)),
    b('POST', '/companies/cadastro', 'a valid body while registration is off', signupOk, { status: 403, error: 'ERR_SIGNUP_DISABLED' }),
    ...bodyShapes('POST', '/companies/cadastro'),
  ],
  'GET /plans/all': [{ ...q('/plans/all', 'unknown query is ignored', 'x=%ZZ'), status: 200, as: 'super' }],
  'GET /plans/:id': [...badIds('GET', (id) => `/plans/${id}`), { name: 'no such plan', req: { method: 'GET', url: '/plans/999999' }, status: 404 }],
  'POST /plans': [
    ...[
      ['missing fields', {}],
      ['name of one character', { ...planOk, name: 'P' }],
      ['name over 100 characters', { ...planOk, name: long(101) }],
      ['negative users', { ...planOk, users: -1 }],
      ['fractional connections', { ...planOk, connections: 1.5 }],
      ['queues as text', { ...planOk, queues: 'muitas' }],
      ['users beyond the limit', { ...planOk, users: INT4_OVER }],
      ['negative value', { ...planOk, value: -10 }],
      ['value as text', { ...planOk, value: 'R$ 10' }],
      ['flag as "yes"', { ...planOk, useKanban: 'yes' }],
      ['flag as null', { ...planOk, useCampaigns: null }],
      ['template cap negative', { ...planOk, templateSendsPerMonth: -1 }],
      ['template cap fractional', { ...planOk, templateSendsPerMonth: 2.5 }],
      ['template cap as text', { ...planOk, templateSendsPerMonth: 'mil' }],
    ].map(([name, body]) => ({ ...b('POST', '/plans', name as string, body), as: 'super' as const })),
    ...bodyShapes('POST', '/plans').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'PUT /plans/:id': [
    ...badIds('PUT', (id) => `/plans/${id}`, planOk).map((c) => ({ ...c, as: 'super' as const })),
    { ...b('PUT', '/plans/1', 'negative queues', { ...planOk, queues: -2 }), as: 'super' },
    { ...b('PUT', '/plans/1', 'template cap beyond ten million', { ...planOk, templateSendsPerMonth: 10_000_001 }), as: 'super' },
    { ...b('PUT', '/plans/999999', 'no such plan', planOk), status: 404, as: 'super' },
    ...bodyShapes('PUT', '/plans/1').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'DELETE /plans/:id': [
    ...badIds('DELETE', (id) => `/plans/${id}`).map((c) => ({ ...c, as: 'super' as const })),
    { name: 'no such plan', req: { method: 'DELETE', url: '/plans/999999' }, status: 404, as: 'super' },
  ],
};
