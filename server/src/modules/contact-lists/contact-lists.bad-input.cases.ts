import { INT4_OVER, NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the contact-lists module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /contact-lists': [q('/contact-lists', 'page 0', 'pageNumber=0'), q('/contact-lists', 'page as text', 'pageNumber=abc'), q('/contact-lists', 'search too long', `searchParam=${long(101)}`)],
  'GET /contact-lists/list': [{ ...q('/contact-lists/list', "the spec client's companyId is ignored", 'companyId=1'), status: 200 }, q('/contact-lists/list', 'companyId as text', 'companyId=abc')],
  'GET /contact-lists/example.xlsx': [{ ...q('/contact-lists/example.xlsx', 'an unknown language gives pt-BR', 'language=xx'), status: 200 }, q('/contact-lists/example.xlsx', 'language too long', `language=${long(11)}`)],
  'GET /contact-lists/:id': [...badIds('GET', (id) => `/contact-lists/${id}`), { name: 'no such list', req: { method: 'GET', url: '/contact-lists/999999' }, status: 404 }],
  'POST /contact-lists': [
    b('POST', '/contact-lists', 'missing name', {}),
    b('POST', '/contact-lists', 'name of 1 character', { name: 'a' }),
    b('POST', '/contact-lists', 'name over 50', { name: long(51) }),
    b('POST', '/contact-lists', 'name as number', { name: 12 }),
    b('POST', '/contact-lists', 'name with a NUL byte', { name: NUL }),
    ...bodyShapes('POST', '/contact-lists'),
  ],
  'PUT /contact-lists/:id': [...badIds('PUT', (id) => `/contact-lists/${id}`, { name: 'Lista' }), b('PUT', '/contact-lists/{clist}', 'name over 50', { name: long(51) }), ...bodyShapes('PUT', '/contact-lists/{clist}')],
  'DELETE /contact-lists/:id': badIds('DELETE', (id) => `/contact-lists/${id}`),
  'POST /contact-lists/:id/upload': [
    ...badIds('POST', (id) => `/contact-lists/${id}/upload`),
    b('POST', '/contact-lists/{clist}/upload', 'JSON instead of a file', { file: 'x' }),
    { name: 'multipart without a file', req: { method: 'POST', url: '/contact-lists/{clist}/upload', raw: '--X\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'an empty file', req: { method: 'POST', url: '/contact-lists/{clist}/upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' } },
    { name: 'a zip that is no workbook', req: { method: 'POST', url: '/contact-lists/{clist}/upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004${'\u0000'.repeat(60)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' } },
  ],
  'GET /contact-list-items': [
    q('/contact-list-items', 'no contactListId', 'pageNumber=1'),
    q('/contact-list-items', 'contactListId as text', 'contactListId=abc'),
    q('/contact-list-items', 'contactListId beyond int4', `contactListId=${INT4_OVER}`),
    q('/contact-list-items', 'page 0', 'contactListId={clist}&pageNumber=0'),
    q('/contact-list-items', 'search too long', `contactListId={clist}&searchParam=${long(101)}`),
  ],
  'GET /contact-list-items/:id': [...badIds('GET', (id) => `/contact-list-items/${id}`), { name: 'no such item', req: { method: 'GET', url: '/contact-list-items/999999' }, status: 404 }],
  'POST /contact-list-items': [
    b('POST', '/contact-list-items', 'missing fields', {}),
    b('POST', '/contact-list-items', 'name of 1 character', { name: 'a', number: '5511988887777', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'number of 7 digits', { name: 'Ana', number: '1234567', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'number over 50', { name: 'Ana', number: '1'.repeat(51), contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'number with letters', { name: 'Ana', number: '55119abc8887', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'invalid email', { name: 'Ana', number: '5511988887777', email: 'ana@', contactListId: '{clist}' }),
    b('POST', '/contact-list-items', 'no list', { name: 'Ana', number: '5511988887777' }),
    b('POST', '/contact-list-items', 'list beyond int4', { name: 'Ana', number: '5511988887777', contactListId: INT4_OVER }),
    { ...b('POST', '/contact-list-items', 'unknown list', { name: 'Ana', number: '5511988887777', contactListId: 999999 }), status: 404, error: 'ERR_NOT_FOUND' },
    { ...b('POST', '/contact-list-items', 'a number the list has', { name: 'Outra', number: '5511988880000', contactListId: '{clist}' }), status: 409, error: 'ERR_DUPLICATED_RECORD' },
    ...bodyShapes('POST', '/contact-list-items'),
  ],
  'PUT /contact-list-items/:id': [
    ...badIds('PUT', (id) => `/contact-list-items/${id}`, { name: 'Ana', number: '5511988887777' }),
    b('PUT', '/contact-list-items/{clitem}', 'missing number', { name: 'Ana' }),
    b('PUT', '/contact-list-items/{clitem}', 'invalid email', { name: 'Ana', number: '5511988887777', email: 'x' }),
    ...bodyShapes('PUT', '/contact-list-items/{clitem}'),
  ],
  'DELETE /contact-list-items/:id': badIds('DELETE', (id) => `/contact-list-items/${id}`),
};
