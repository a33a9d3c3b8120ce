import { INT4_OVER, NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the whatsapp module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

/** A complete, well-formed Cloud connection's facts (each row breaks one thing). */
const CLOUD = { phoneNumberId: '106540352242922', wabaId: '102290129340398', accessToken: 'EAAG-access-token-0123456789', appSecret: 'app-secret-0123456789abcdef', verifyToken: 'verify-token-0123456789' };

const HOOK = '/channels/whatsapp-cloud/webhook';
const unsigned = { status: 401, error: 'ERR_INVALID_WEBHOOK' } as const;
const aChange = { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: CLOUD.phoneNumberId }, messages: [{ from: '5561981234567', id: 'wamid.X', type: 'text', text: { body: 'oi' } }] } }] }] };

export const badInputCases: BadInputRows = {
  // Meta's webhook (public): a wrong verify token is 403, anything unsigned or signed otherwise 401.
  'GET /channels/whatsapp-cloud/webhook': [
    { ...q(HOOK, 'no verify token', 'hub.mode=subscribe&hub.challenge=1'), status: 403, error: 'ERR_NO_PERMISSION' },
    { ...q(HOOK, 'a verify token no connection has', 'hub.mode=subscribe&hub.verify_token=nobody-has-this-token&hub.challenge=1'), status: 403, error: 'ERR_NO_PERMISSION' },
    { ...q(HOOK, 'not a subscription check', 'hub.mode=unsubscribe&hub.verify_token=nobody-has-this-token&hub.challenge=1'), status: 403, error: 'ERR_NO_PERMISSION' },
    q(HOOK, 'challenge over 1000 characters', `hub.mode=subscribe&hub.verify_token=x&hub.challenge=${'1'.repeat(1001)}`),
  ],
  'POST /channels/whatsapp-cloud/webhook': [
    { ...b('POST', HOOK, 'no signature', aChange), ...unsigned },
    { ...b('POST', HOOK, 'a signature that is not sha256=', aChange), req: { method: 'POST', url: HOOK, body: aChange, headers: { 'x-hub-signature-256': 'md5=abc' } }, ...unsigned },
    { ...b('POST', HOOK, 'a signature of another body', aChange), req: { method: 'POST', url: HOOK, body: aChange, headers: { 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` } }, ...unsigned },
    ...bodyShapes('POST', HOOK).map((c) => (c.status === 413 ? c : { ...c, ...unsigned })),
  ],
  'GET /whatsapp': [q('/whatsapp', 'session 2', 'session=2'), q('/whatsapp', 'session not a number', 'session=abc')],
  'POST /whatsapp': [
    b('POST', '/whatsapp', 'missing name', {}),
    b('POST', '/whatsapp', 'name too short', { name: 'a' }),
    b('POST', '/whatsapp', 'unknown provider', { name: 'Zap', provider: 'telegram' }),
    b('POST', '/whatsapp', 'expiresTicket negative', { name: 'Zap', expiresTicket: -1 }),
    b('POST', '/whatsapp', 'isDefault as text', { name: 'Zap', isDefault: 'yes' }),
    b('POST', '/whatsapp', 'queueIds as text', { name: 'Zap', queueIds: 'x' }),
    b('POST', '/whatsapp', 'transferQueueId beyond integer', { name: 'Zap', transferQueueId: INT4_OVER }),
    b('POST', '/whatsapp', 'integrationId as text', { name: 'Zap', integrationId: 'abc' }),
    b('POST', '/whatsapp', 'provider cloud without its facts', { name: 'Zap', provider: 'cloud' }),
    b('POST', '/whatsapp', 'cloud facts on another provider', { name: 'Zap', provider: 'baileys', cloud: CLOUD }),
    b('POST', '/whatsapp', 'cloud phoneNumberId with letters', { name: 'Zap', provider: 'cloud', cloud: { ...CLOUD, phoneNumberId: '10654abc' } }),
    b('POST', '/whatsapp', 'cloud access token too short', { name: 'Zap', provider: 'cloud', cloud: { ...CLOUD, accessToken: 'EAAG' } }),
    b('POST', '/whatsapp', 'cloud verify token with spaces', { name: 'Zap', provider: 'cloud', cloud: { ...CLOUD, verifyToken: 'verify token with spaces' } }),
    b('POST', '/whatsapp', 'cloud as text', { name: 'Zap', provider: 'cloud', cloud: 'x' }),
    b('POST', '/whatsapp', 'fallbackWhatsappId as text', { name: 'Zap', fallbackWhatsappId: 'oficial' }),
    b('POST', '/whatsapp', 'fallbackWhatsappId negative', { name: 'Zap', fallbackWhatsappId: -1 }),
    { ...b('POST', '/whatsapp', 'an unknown fallback', { name: 'Zap', fallbackWhatsappId: 999999 }), status: 404, error: 'ERR_NO_WAPP_FOUND' },
    ...bodyShapes('POST', '/whatsapp'),
  ],
  'GET /whatsapp/:id': [...badIds('GET', (id) => `/whatsapp/${id}`), q('/whatsapp/{wa}', 'session 2', 'session=2')],
  'PUT /whatsapp/:id': [
    ...badIds('PUT', (id) => `/whatsapp/${id}`, { name: 'Zap' }),
    b('PUT', '/whatsapp/{wa}', 'name too short', { name: 'a' }),
    b('PUT', '/whatsapp/{wa}', 'integrationId as text', { integrationId: 'abc' }),
    { ...b('PUT', '/whatsapp/{wa}', 'an unknown integration', { integrationId: 999999 }), status: 404 },
    b('PUT', '/whatsapp/{wa}', 'name too long', { name: long(51) }),
    b('PUT', '/whatsapp/{wa}', 'unknown provider', { provider: 'telegram' }),
    b('PUT', '/whatsapp/{wa}', 'maxUseBotQueues negative', { maxUseBotQueues: -1 }),
    b('PUT', '/whatsapp/{wa}', 'gate rate negative', { gateRatePerMinute: -1 }),
    b('PUT', '/whatsapp/{wa}', 'gate daily cap as text', { gateDailyCap: 'mil' }),
    b('PUT', '/whatsapp/{wa}', 'gate jitter fractional', { gateJitterMs: 1.5 }),
    b('PUT', '/whatsapp/{wa}', 'warm-up beyond 90 days', { gateWarmupDays: 91 }),
    b('PUT', '/whatsapp/{wa}', 'isDefault as text', { isDefault: 'yes' }),
    b('PUT', '/whatsapp/{wa}', 'queueIds as text', { queueIds: 'x' }),
    b('PUT', '/whatsapp/{wa}', 'fallbackWhatsappId beyond integer', { fallbackWhatsappId: INT4_OVER }),
    b('PUT', '/whatsapp/{wa}', 'fallbackWhatsappId fractional', { fallbackWhatsappId: 1.5 }),
    b('PUT', '/whatsapp/{wa}', 'queueIds beyond integer', { queueIds: [INT4_OVER] }),
    b('PUT', '/whatsapp/{wa}', 'greeting too long', { greetingMessage: long(5001) }),
    b('PUT', '/whatsapp/{wa}', 'cloud app secret too long', { cloud: { appSecret: long(1001) } }),
    b('PUT', '/whatsapp/{wa}', 'switching to cloud without its facts', { provider: 'cloud' }),
    ...bodyShapes('PUT', '/whatsapp/{wa}'),
  ],
  'DELETE /whatsapp/:id': badIds('DELETE', (id) => `/whatsapp/${id}`),
  'POST /whatsapp/:id/token': [...badIds('POST', (id) => `/whatsapp/${id}/token`), { name: 'an unknown connection', req: { method: 'POST', url: '/whatsapp/999999/token' }, status: 404, error: 'ERR_NO_WAPP_FOUND' }],
  // Cloud API templates and the token test (decision 0390): {wa} is a sandbox connection, which has neither.
  'GET /whatsapp/:id/templates': [
    ...badIds('GET', (id) => `/whatsapp/${id}/templates`),
    q('/whatsapp/{wa}/templates', 'refresh as yes', 'refresh=yes'),
    { ...q('/whatsapp/{wa}/templates', 'not a Cloud API connection', 'refresh=true') },
    { name: 'an unknown connection', req: { method: 'GET', url: '/whatsapp/999999/templates' }, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  ],
  // The Cloud API cost ledger (decision 0410): a month is YYYY-MM; {wa} is a sandbox connection.
  'GET /whatsapp/:id/costs': [
    ...badIds('GET', (id) => `/whatsapp/${id}/costs`),
    q('/whatsapp/{wa}/costs', 'month 13', 'month=2026-13'),
    q('/whatsapp/{wa}/costs', 'month as a date', 'month=2026-11-01'),
    q('/whatsapp/{wa}/costs', 'month as text', 'month=novembro'),
    q('/whatsapp/{wa}/costs', 'an unknown parameter', 'month=2026-11&category=marketing'),
    q('/whatsapp/{wa}/costs', 'not a Cloud API connection', 'month=2026-11'),
    { name: 'an unknown connection', req: { method: 'GET', url: '/whatsapp/999999/costs' }, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  ],
  'POST /whatsapp/:id/test': [
    ...badIds('POST', (id) => `/whatsapp/${id}/test`),
    { name: 'not a Cloud API connection', req: { method: 'POST', url: '/whatsapp/{wa}/test' } },
    { name: 'an unknown connection', req: { method: 'POST', url: '/whatsapp/999999/test' }, status: 404, error: 'ERR_NO_WAPP_FOUND' },
  ],
  'POST /whatsappsession/:id': [
    ...badIds('POST', (id) => `/whatsappsession/${id}`),
    b('POST', '/whatsappsession/{wa}', 'phone with letters', { phoneNumber: '55619abc7777' }),
    b('POST', '/whatsappsession/{wa}', 'phone too short', { phoneNumber: '556199' }),
    b('POST', '/whatsappsession/{wa}', 'phone too long', { phoneNumber: '5'.repeat(16) }),
    b('POST', '/whatsappsession/{wa}', 'phone as a number', { phoneNumber: 5561988887777 }),
    ...bodyShapes('POST', '/whatsappsession/{wa}'),
  ],
  'PUT /whatsappsession/:id': badIds('PUT', (id) => `/whatsappsession/${id}`),
  'DELETE /whatsappsession/:id': badIds('DELETE', (id) => `/whatsappsession/${id}`),
  'POST /whatsapp-restart': [{ ...q('/whatsapp-restart', 'unknown query is ignored', 'x=%ZZ'), req: { method: 'POST', url: '/whatsapp-restart?x=%ZZ' }, status: 200 }],
  'POST /sandbox/connections/:whatsappId/inbound': [
    ...badIds('POST', (id) => `/sandbox/connections/${id}/inbound`, { from: '5511999990000', body: 'oi' }),
    ...[
      ['from not digits', { from: 'abc', body: 'oi' }],
      ['from too short', { from: '123', body: 'oi' }],
      ['body as number', { from: '5511999990000', body: 123 }],
      ['empty message id', { from: '5511999990000', body: 'oi', id: ' ' }],
      ['body over 64 KiB', { from: '5511999990000', body: long(65_537) }],
      ['body with a NUL byte', { from: '5511999990000', body: NUL }],
      ['push name with a NUL byte', { from: '5511999990000', body: 'oi', name: NUL }],
      ['unknown kind', { from: '5511999990000', kind: 'gif' }],
      ['image without media', { from: '5511999990000', kind: 'image' }],
      ['media not base64', { from: '5511999990000', kind: 'image', media: { data: '%%%', mimetype: 'image/png' } }],
      ['media type not a MIME type', { from: '5511999990000', kind: 'image', media: { data: 'AAAA', mimetype: 'png' } }],
      ['media over the size limit', { from: '5511999990000', kind: 'document', media: { data: long(1_000_004), mimetype: 'application/pdf' } }],
      ['location without longitude', { from: '5511999990000', kind: 'location', latitude: -15.79 }],
      ['latitude out of range', { from: '5511999990000', kind: 'location', latitude: 91, longitude: 0 }],
      ['contact without the card', { from: '5511999990000', kind: 'contact' }],
      ['contact number not digits', { from: '5511999990000', kind: 'contact', contact: { name: 'Ana', number: '+55 (61)' } }],
    ].map(([name, body]) => b('POST', '/sandbox/connections/{wa}/inbound', name as string, body)),
    ...bodyShapes('POST', '/sandbox/connections/{wa}/inbound'),
  ],
  'GET /sandbox/connections/:whatsappId/outbox': [
    ...badIds('GET', (id) => `/sandbox/connections/${id}/outbox?to=5511999990000`),
    q('/sandbox/connections/{wa}/outbox', 'missing to', ''),
    q('/sandbox/connections/{wa}/outbox', 'to not digits', 'to=abc'),
  ],
  'GET /sandbox/connections/:whatsappId/sent': [
    ...badIds('GET', (id) => `/sandbox/connections/${id}/sent?to=5511999990000`),
    q('/sandbox/connections/{wa}/sent', 'missing to', ''),
    q('/sandbox/connections/{wa}/sent', 'to not digits', 'to=abc'),
  ],
  'POST /sandbox/connections/:whatsappId/presence': [
    ...badIds('POST', (id) => `/sandbox/connections/${id}/presence`, { from: '5511999990000', presence: 'composing' }),
    ...[
      ['from not digits', { from: 'abc', presence: 'composing' }],
      ['missing presence', { from: '5511999990000' }],
      ['unknown presence', { from: '5511999990000', presence: 'dancing' }],
      ['presence as number', { from: '5511999990000', presence: 1 }],
    ].map(([name, body]) => b('POST', '/sandbox/connections/{wa}/presence', name as string, body)),
    ...bodyShapes('POST', '/sandbox/connections/{wa}/presence'),
  ],
  'POST /contacts/import': [
    b('POST', '/contacts/import', 'whatsappId not a number', { whatsappId: 'abc' }),
    b('POST', '/contacts/import', 'whatsappId 0', { whatsappId: 0 }),
    b('POST', '/contacts/import', 'whatsappId negative', { whatsappId: -1 }),
    b('POST', '/contacts/import', 'whatsappId over int4', { whatsappId: INT4_OVER }),
    { ...b('POST', '/contacts/import', 'an unknown connection', { whatsappId: 999999 }), status: 404 },
    ...bodyShapes('POST', '/contacts/import'),
  ],
};
