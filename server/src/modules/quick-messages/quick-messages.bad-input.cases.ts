import { NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the quick-messages module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /quick-messages/list': [
    { ...q('/quick-messages/list', "the spec client's companyId and userId are ignored", 'companyId=1&userId=2'), status: 200 },
    { ...q('/quick-messages/list', 'ids that are not numbers are ignored too', 'companyId=abc&userId=%20'), status: 200 },
  ],
  'GET /quick-messages': [
    q('/quick-messages', 'search too long', `searchParam=${long(101)}`),
    q('/quick-messages', 'page 0', 'pageNumber=0'),
    q('/quick-messages', 'page not a number', 'pageNumber=abc'),
    q('/quick-messages', 'search with a NUL byte', 'searchParam=a%00b'),
  ],
  'POST /quick-messages': [
    b('POST', '/quick-messages', 'missing shortcode', { message: 'x' }),
    b('POST', '/quick-messages', 'blank shortcode', { shortcode: '   ' }),
    b('POST', '/quick-messages', 'shortcode as number', { shortcode: 12 }),
    b('POST', '/quick-messages', 'shortcode too long', { shortcode: long(101) }),
    b('POST', '/quick-messages', 'shortcode with a NUL byte', { shortcode: NUL }),
    b('POST', '/quick-messages', 'message as object', { shortcode: 'ok1', message: { text: 'x' } }),
    b('POST', '/quick-messages', 'message over 64 KiB', { shortcode: 'ok2', message: long(65_537) }),
    b('POST', '/quick-messages', 'geral not a boolean', { shortcode: 'ok3', geral: 'sim' }),
    b('POST', '/quick-messages', 'status not a boolean', { shortcode: 'ok4', status: 2 }),
    { ...b('POST', '/quick-messages', 'shortcode already taken', { shortcode: 'FIXTURE' }), status: 409 },
    ...bodyShapes('POST', '/quick-messages'),
  ],
  'GET /quick-messages/:id': [...badIds('GET', (id) => `/quick-messages/${id}`), { name: 'no such record', req: { method: 'GET', url: '/quick-messages/999999' }, status: 404 }],
  'PUT /quick-messages/:id': [
    ...badIds('PUT', (id) => `/quick-messages/${id}`, { message: 'x' }),
    b('PUT', '/quick-messages/{quick}', 'blank shortcode', { shortcode: '' }),
    b('PUT', '/quick-messages/{quick}', 'shortcode as array', { shortcode: ['a'] }),
    b('PUT', '/quick-messages/{quick}', 'geral as text', { geral: 'yes' }),
    b('PUT', '/quick-messages/{quick}', 'message with a NUL byte', { message: NUL }),
    ...bodyShapes('PUT', '/quick-messages/{quick}'),
  ],
  'DELETE /quick-messages/:id': badIds('DELETE', (id) => `/quick-messages/${id}`),
  'POST /quick-messages/:id/media-upload': [
    ...badIds('POST', (id) => `/quick-messages/${id}/media-upload`),
    b('POST', '/quick-messages/{quick}/media-upload', 'JSON instead of a file', { file: 'x' }),
    {
      name: 'multipart without a file',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nquickMessage\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' },
    },
    {
      name: 'an empty file',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--X--\r\n', contentType: 'multipart/form-data; boundary=X' },
    },
    {
      name: 'a broken multipart body',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=X' },
    },
    {
      name: 'a file over the upload limit',
      req: { method: 'POST', url: '/quick-messages/{quick}/media-upload', raw: `--X\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${long(1_100_000)}\r\n--X--\r\n`, contentType: 'multipart/form-data; boundary=X' },
      status: 413,
    },
  ],
  'DELETE /quick-messages/:id/media-upload': badIds('DELETE', (id) => `/quick-messages/${id}/media-upload`),
  'GET /quick-messages/:id/media': [...badIds('GET', (id) => `/quick-messages/${id}/media`), { name: 'a record without a file', req: { method: 'GET', url: '/quick-messages/{quick}/media' }, status: 404 }],
};
