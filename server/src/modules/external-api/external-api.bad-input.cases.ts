import { NUL, long, b, form, bodyShapes, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the external-api module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  // The external API with the fixture connection's token ('{apiToken}' in the header).
  'POST /api/messages/send': [
    ...[
      b('POST', '/api/messages/send', 'missing number and body', {}),
      b('POST', '/api/messages/send', 'missing body', { number: '5511987654321' }),
      b('POST', '/api/messages/send', 'blank body', { number: '5511987654321', body: '   ' }),
      b('POST', '/api/messages/send', 'number with letters', { number: '55119abc54321', body: 'Oi' }),
      b('POST', '/api/messages/send', 'number too short', { number: '551198', body: 'Oi' }),
      b('POST', '/api/messages/send', 'number too long', { number: '5'.repeat(16), body: 'Oi' }),
      b('POST', '/api/messages/send', 'number as a number', { number: 5511987654321, body: 'Oi' }),
      b('POST', '/api/messages/send', 'body as an object', { number: '5511987654321', body: { text: 'Oi' } }),
      b('POST', '/api/messages/send', 'body with a NUL byte', { number: '5511987654321', body: NUL }),
      b('POST', '/api/messages/send', 'body over 65,536 characters', { number: '5511987654321', body: long(65_537) }),
      { ...b('POST', '/api/messages/send', 'medias in JSON (files go as multipart)', { number: '5511987654321', medias: 1 }) },
      { ...b('POST', '/api/messages/send', 'a number not on WhatsApp', { number: '5511987650000', body: 'Oi' }), error: 'ERR_WAPP_INVALID_CONTACT' },
      form('/api/messages/send', 'multipart without files', { number: '5511987654321', body: 'Oi' }, []),
      form('/api/messages/send', 'multipart with a file under another field', { number: '5511987654321' }, [{ field: 'file', fileName: 'a.txt', type: 'text/plain', content: 'oi' }]),
      form('/api/messages/send', 'multipart without a number', {}, [{ fileName: 'a.txt', type: 'text/plain', content: 'oi' }]),
      { ...form('/api/messages/send', 'multipart with a program', { number: '5511987654321' }, [{ fileName: 'setup.exe', type: 'application/octet-stream', content: 'MZ\u0090' }]), error: 'ERR_FILE_TYPE_NOT_ALLOWED' },
      { ...form('/api/messages/send', 'multipart with an oversize document', { number: '5511987654321' }, [{ fileName: 'big.txt', type: 'text/plain', content: long(5000) }]), status: 413 },
      ...bodyShapes('POST', '/api/messages/send'),
    ].map((c) => ({ ...c, req: { ...c.req, headers: { authorization: 'Bearer {apiToken}' } } })),
    { name: 'no token at all', req: { method: 'POST', url: '/api/messages/send', body: { number: '5511987654321', body: 'Oi' }, headers: { authorization: '' } }, status: 401, error: 'ERR_INVALID_API_TOKEN' },
    { name: "a user's session token", req: { method: 'POST', url: '/api/messages/send', body: { number: '5511987654321', body: 'Oi' } }, status: 401, error: 'ERR_INVALID_API_TOKEN' },
  ],
};
