import { INT4_OVER, NUL, long, q, b, form, EXE, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the campaigns module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

/** A campaign body that passes the schema. */
const campaignOk = { name: 'Campanha', message1: 'Oi {nome}' };

export const badInputCases: BadInputRows = {
  'GET /campaigns': [q('/campaigns', 'page 0', 'pageNumber=0'), q('/campaigns', 'page as text', 'pageNumber=abc'), q('/campaigns', 'search too long', `searchParam=${long(201)}`)],
  'GET /campaigns/:id': [...badIds('GET', (id) => `/campaigns/${id}`), { name: 'no such campaign', req: { method: 'GET', url: '/campaigns/999999' }, status: 404 }],
  'POST /campaigns': [
    b('POST', '/campaigns', 'missing fields', {}),
    b('POST', '/campaigns', 'name of one character', { name: 'x' }),
    b('POST', '/campaigns', 'name too long', { name: long(51) }),
    b('POST', '/campaigns', 'message too long', { ...campaignOk, message2: long(4097) }),
    b('POST', '/campaigns', 'scheduledAt not a date', { ...campaignOk, scheduledAt: 'amanhã' }),
    b('POST', '/campaigns', 'connection as text', { ...campaignOk, whatsappId: 'abc' }),
    b('POST', '/campaigns', 'tag beyond int4', { ...campaignOk, tagListId: INT4_OVER }),
    b('POST', '/campaigns', 'confirmation not a boolean', { ...campaignOk, confirmation: 'sim' }),
    b('POST', '/campaigns', 'NUL in the name', { ...campaignOk, name: NUL }, { status: [200, 400] }),
    b('POST', '/campaigns', 'no such connection', { ...campaignOk, whatsappId: 999999 }),
    b('POST', '/campaigns', 'scheduled without an audience', { ...campaignOk, whatsappId: '{wa}', scheduledAt: '2999-01-01T00:00:00.000Z' }),
    // A template (decision 0451): its shape, and a sandbox connection ({wa}) that cannot send one.
    b('POST', '/campaigns', 'template name with capitals', { ...campaignOk, template: { name: 'Pedido', language: 'pt_BR', variables: [] } }),
    b('POST', '/campaigns', 'template variables as text', { ...campaignOk, template: { name: 'pedido', language: 'pt_BR', variables: 'Maria' } }),
    b('POST', '/campaigns', 'template variable blank', { ...campaignOk, template: { name: 'pedido', language: 'pt_BR', variables: ['  '] } }),
    b('POST', '/campaigns', 'template header media over http', { ...campaignOk, template: { name: 'pedido', language: 'pt_BR', headerMediaUrl: 'http://example.com/a.jpg' } }),
    b('POST', '/campaigns', 'template on a sandbox connection', { ...campaignOk, whatsappId: '{wa}', template: { name: 'pedido', language: 'pt_BR', variables: ['Maria'] } }),
    ...bodyShapes('POST', '/campaigns'),
  ],
  'PUT /campaigns/:id': [
    ...badIds('PUT', (id) => `/campaigns/${id}`, campaignOk),
    b('PUT', '/campaigns/{campaign}', 'name of one character', { name: 'x' }),
    b('PUT', '/campaigns/{campaign}', 'file list as text', { ...campaignOk, fileListId: 'lista' }),
    b('PUT', '/campaigns/{campaign}', 'template without a language', { ...campaignOk, template: { name: 'pedido', variables: [] } }),
    b('PUT', '/campaigns/{campaign}', 'template without a connection', { ...campaignOk, template: { name: 'pedido', language: 'pt_BR', variables: ['Maria'] } }),
    { name: 'no such campaign', req: { method: 'PUT', url: '/campaigns/999999', body: campaignOk }, status: 404 },
  ],
  'DELETE /campaigns/:id': [...badIds('DELETE', (id) => `/campaigns/${id}`), { name: 'no such campaign', req: { method: 'DELETE', url: '/campaigns/999999' }, status: 404 }],
  'POST /campaigns/:id/cancel': [...badIds('POST', (id) => `/campaigns/${id}/cancel`, {}), { name: 'an INATIVA campaign', req: { method: 'POST', url: '/campaigns/{campaign}/cancel', body: {} }, status: 409, error: 'ERR_INVALID_TRANSITION' }],
  'POST /campaigns/:id/restart': [...badIds('POST', (id) => `/campaigns/${id}/restart`, {}), { name: 'an INATIVA campaign', req: { method: 'POST', url: '/campaigns/{campaign}/restart', body: {} }, status: 409, error: 'ERR_INVALID_TRANSITION' }],
  'POST /campaigns/:id/media-upload': [
    ...badIds('POST', (id) => `/campaigns/${id}/media-upload`, {}),
    b('POST', '/campaigns/{campaign}/media-upload', 'JSON instead of multipart', { file: 'x' }, { status: [400, 415] }),
    form('/campaigns/{campaign}/media-upload', 'a program', {}, [{ field: 'file', fileName: 'foto.png', type: 'image/png', content: EXE }], { error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/campaigns/{campaign}/media-upload', 'no file part', { typeArch: 'campaign' }, []),
  ],
  'DELETE /campaigns/:id/media-upload': [...badIds('DELETE', (id) => `/campaigns/${id}/media-upload`), { name: 'no such campaign', req: { method: 'DELETE', url: '/campaigns/999999/media-upload' }, status: 404 }],
  'GET /campaign-settings': [{ ...q('/campaign-settings', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /campaign-settings': [
    b('POST', '/campaign-settings', 'no settings', {}),
    b('POST', '/campaign-settings', 'messageInterval outside the options', { settings: { messageInterval: 7 } }),
    b('POST', '/campaign-settings', 'greaterInterval as text', { settings: { greaterInterval: 'muito' } }),
    b('POST', '/campaign-settings', 'variable without a key', { settings: { variables: [{ key: '', value: 'x' }] } }),
    b('POST', '/campaign-settings', 'variable key with spaces', { settings: { variables: [{ key: 'a b', value: 'x' }] } }),
    b('POST', '/campaign-settings', 'variables not a list', { settings: { variables: 'a=b' } }),
    ...bodyShapes('POST', '/campaign-settings'),
  ],
};
