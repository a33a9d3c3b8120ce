import { INT4_OVER, NUL, long, q, b, form, EXE, PDF, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the messages module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'POST /tickets/:ticketId/read': badIds('POST', (id) => `/tickets/${id}/read`),
  'GET /messages/:id/media': badIds('GET', (id) => `/messages/${id}/media`),
  'GET /messages/:ticketId': [
    ...badIds('GET', (id) => `/messages/${id}`),
    q('/messages/{ticket}', 'page 0', 'pageNumber=0'),
    q('/messages/{ticket}', 'page beyond the limit', 'pageNumber=100001'),
  ],
  'POST /messages/:ticketId': [
    ...badIds('POST', (id) => `/messages/${id}`, { body: 'oi' }),
    b('POST', '/messages/{ticket}', 'missing body', {}),
    b('POST', '/messages/{ticket}', 'blank body', { body: '   ' }),
    b('POST', '/messages/{ticket}', 'body as number', { body: 123 }),
    b('POST', '/messages/{ticket}', 'body over 64 KiB', { body: long(65_537) }),
    b('POST', '/messages/{ticket}', 'body with a NUL byte', { body: NUL }),
    b('POST', '/messages/{ticket}', 'quotedMsg as text', { body: 'oi', quotedMsg: 'x' }),
    b('POST', '/messages/{ticket}', 'quotedMsg id as text', { body: 'oi', quotedMsg: { id: 'x' } }),
    ...bodyShapes('POST', '/messages/{ticket}'),
    // A template (decision 0390): its shape, and a sandbox ticket ({ticket}) that cannot send one.
    b('POST', '/messages/{ticket}', 'template name with capitals', { template: { name: 'Pedido', language: 'pt_BR', variables: [] } }),
    b('POST', '/messages/{ticket}', 'template language not a code', { template: { name: 'pedido', language: 'português', variables: [] } }),
    b('POST', '/messages/{ticket}', 'template variables as text', { template: { name: 'pedido', language: 'pt_BR', variables: 'Maria' } }),
    b('POST', '/messages/{ticket}', 'template variable blank', { template: { name: 'pedido', language: 'pt_BR', variables: ['  '] } }),
    b('POST', '/messages/{ticket}', 'template header media over http', { template: { name: 'pedido', language: 'pt_BR', variables: [], headerMediaUrl: 'http://example.com/a.jpg' } }),
    b('POST', '/messages/{ticket}', 'template without a name', { template: { language: 'pt_BR' } }),
    b('POST', '/messages/{ticket}', 'template on a sandbox ticket', { template: { name: 'pedido', language: 'pt_BR', variables: ['Maria'] } }),
    form('/messages/{ticket}', 'multipart without files', { body: 'só texto' }, []),
    form('/messages/{ticket}', 'multipart with an empty file', {}, [{ fileName: 'vazio.pdf', type: 'application/pdf', content: '' }]),
    form('/messages/{ticket}', 'file under an unknown field', {}, [{ field: 'arquivo', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/messages/{ticket}', 'a program named as a picture', {}, [{ fileName: 'foto.jpg', type: 'image/jpeg', content: EXE }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/messages/{ticket}', 'a script', {}, [{ fileName: 'rodar.sh', type: 'text/plain', content: 'rm -rf /' }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/messages/{ticket}', 'a file over its kind limit', {}, [{ fileName: 'grande.pdf', type: 'application/pdf', content: PDF + 'x'.repeat(5000) }], { status: 413, error: 'ERR_FILE_TOO_LARGE' }),
    form('/messages/{ticket}', 'a file over the upload cap (UPLOAD_MAX_BYTES)', {}, [{ fileName: 'enorme.pdf', type: 'application/pdf', content: PDF + 'x'.repeat(9000) }], {
      status: 413,
      error: 'ERR_FILE_TOO_LARGE',
    }),
    form('/messages/{ticket}', 'more files than allowed', {}, Array.from({ length: 11 }, (_, i) => ({ fileName: `f${i}.pdf`, type: 'application/pdf', content: PDF })), { status: [400, 413] }),
    form('/messages/{ticket}', 'quotedMsg not an id', { quotedMsg: 'abc' }, [{ fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/messages/{ticket}', 'voice not a boolean', { voice: 'talvez' }, [{ fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/messages/{ticket}', 'medias as text, no file', { medias: 'a.pdf' }, []),
    { name: 'broken multipart body', req: { method: 'POST', url: '/messages/{ticket}', raw: '--XbalcaoX\r\nContent-Disposition: form-data; name="medias"; filename="a.pdf"\r\n\r\n%PDF', contentType: 'multipart/form-data; boundary=XbalcaoX' } },
  ],
  'POST /messages/edit/:messageId': [
    ...badIds('POST', (id) => `/messages/edit/${id}`, { body: 'novo' }),
    b('POST', '/messages/edit/{message}', 'missing body', {}),
    b('POST', '/messages/edit/{message}', 'blank body', { body: ' \n ' }),
    b('POST', '/messages/edit/{message}', 'body as number', { body: 5 }),
    b('POST', '/messages/edit/{message}', 'body over 64 KiB', { body: long(65_537) }),
    b('POST', '/messages/edit/{message}', 'read not a boolean', { body: 'novo', read: 'talvez' }),
    ...bodyShapes('POST', '/messages/edit/{message}'),
  ],
  'DELETE /messages/:id': badIds('DELETE', (id) => `/messages/${id}`),
  'POST /messages/:id/reactions': [
    ...badIds('POST', (id) => `/messages/${id}/reactions`, { type: '👍' }),
    b('POST', '/messages/{message}/reactions', 'missing type', {}),
    b('POST', '/messages/{message}/reactions', 'a word, not an emoji', { type: 'like' }),
    b('POST', '/messages/{message}/reactions', 'type as number', { type: 1 }),
    b('POST', '/messages/{message}/reactions', 'many emojis', { type: '👍'.repeat(40) }),
    ...bodyShapes('POST', '/messages/{message}/reactions'),
  ],
  'POST /message/forward': [
    b('POST', '/message/forward', 'missing fields', {}),
    b('POST', '/message/forward', 'messageId as text', { messageId: 'x', contactId: '{contact}' }),
    b('POST', '/message/forward', 'contactId negative', { messageId: '{message}', contactId: -1 }),
    b('POST', '/message/forward', 'contactId beyond integer', { messageId: '{message}', contactId: INT4_OVER }),
    b('POST', '/message/forward', 'signMessage not a boolean', { messageId: '{message}', contactId: '{contact}', signMessage: 'sim' }),
    ...bodyShapes('POST', '/message/forward'),
  ],
};
