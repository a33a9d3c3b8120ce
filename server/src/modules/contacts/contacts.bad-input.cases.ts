import { NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the contacts module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /contacts': [
    q('/contacts', 'search too long', `searchParam=${long(101)}`),
    q('/contacts', 'page negative', 'pageNumber=-1'),
    q('/contacts', 'search with a NUL byte', 'searchParam=a%00b'),
  ],
  'GET /contacts/:id': badIds('GET', (id) => `/contacts/${id}`),
  'POST /contacts': [
    b('POST', '/contacts', 'missing fields', {}),
    b('POST', '/contacts', 'name too short', { name: 'a', number: '5511999990000' }),
    b('POST', '/contacts', 'name huge', { name: long(10_000), number: '5511999990000' }),
    b('POST', '/contacts', 'number not digits', { name: 'Ana', number: 'abc' }),
    b('POST', '/contacts', 'number too long', { name: 'Ana', number: '5'.repeat(51) }),
    b('POST', '/contacts', 'bad e-mail', { name: 'Ana', number: '5511999990000', email: 'x' }),
    b('POST', '/contacts', 'extraInfo as text', { name: 'Ana', number: '5511999990000', extraInfo: 'x' }),
    b('POST', '/contacts', 'extraInfo item empty', { name: 'Ana', number: '5511999990000', extraInfo: [{}] }),
    b('POST', '/contacts', 'name with a NUL byte', { name: NUL, number: '5511999990000' }),
    ...bodyShapes('POST', '/contacts'),
  ],
  'GET /contacts/list': [{ ...q('/contacts/list', "the spec's companyId is accepted (and ignored)", 'companyId=999999'), status: 200 }, q('/contacts/list', 'companyId not a number', 'companyId=abc')],
  'PUT /contacts/:id': [
    ...badIds('PUT', (id) => `/contacts/${id}`, { name: 'Ana' }),
    b('PUT', '/contacts/{contact}', 'name too short', { name: 'a' }),
    b('PUT', '/contacts/{contact}', 'number not digits', { number: 'abc' }),
    b('PUT', '/contacts/{contact}', 'bad e-mail', { email: 'x' }),
    b('PUT', '/contacts/{contact}', 'extraInfo item without a name', { extraInfo: [{ name: '', value: 'x' }] }),
    b('PUT', '/contacts/{contact}', 'extraInfo over 50 rows', { extraInfo: Array.from({ length: 51 }, (_, i) => ({ name: `c${i}`, value: '' })) }),
    b('PUT', '/contacts/{contact}', 'name with a NUL byte', { name: NUL }),
    ...bodyShapes('PUT', '/contacts/{contact}'),
  ],
  'DELETE /contacts/:id': badIds('DELETE', (id) => `/contacts/${id}`),
  'POST /contacts/upload': [
    b('POST', '/contacts/upload', 'JSON instead of a file', { file: 'x' }),
    { name: 'multipart without a file', req: { method: 'POST', url: '/contacts/upload', raw: '--X\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'an empty file', req: { method: 'POST', url: '/contacts/upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'a broken multipart body', req: { method: 'POST', url: '/contacts/upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'a zip that is no workbook', req: { method: 'POST', url: '/contacts/upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004${'\u0000'.repeat(60)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' } },
    {
      name: 'a file over the upload limit',
      req: { method: 'POST', url: '/contacts/upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${long(1_100_000)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' },
      status: 413,
    },
  ],
};
