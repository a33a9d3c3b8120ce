import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, pngUpload, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the campaigns module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, answered, notFound, listed }) => {
  /** A's campaign (a file, a variant and a variable holding A's marker) and B's own, made once on first use. */
  let campaignFix: Promise<{ a: number; b: number; aTag: number }> | undefined;
  const campaignsFx = () =>
    (campaignFix ??= (async () => {
      const a = await api(app, A.c.adminToken).post<{ id: number }>('/campaigns', { name: `Campanha ${A.marker}`.slice(0, 50), message1: `Oi ${A.marker}`, whatsappId: A.c.whatsapp.id });
      const file = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
      await app.owner`update campaigns set media_path = ${file}, media_name = ${`${A.marker}.txt`} where id = ${a.body.id}`;
      await api(app, A.c.adminToken).post('/campaign-settings', { settings: { variables: [{ key: 'segredo', value: A.marker }] } });
      const [tag] = await app.owner`insert into tags (company_id, name, color) values (${A.c.companyId}, ${`Etiqueta camp ${A.marker}`}, '#123456') returning id`;
      const b = await api(app, B.c.adminToken).post<{ id: number }>('/campaigns', { name: 'Campanha B' });
      return { a: a.body.id, b: b.body.id, aTag: tag!.id as number };
    })());
  const aCampaignUnchanged = async () => {
    const [c] = await app.owner`select name, status, media_name from campaigns where id = ${(await campaignsFx()).a}`;
    expect(c).toEqual({ name: `Campanha ${A.marker}`.slice(0, 50), status: 'INATIVA', media_name: `${A.marker}.txt` });
  };
  const onACampaign = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/campaigns/${(await campaignsFx()).a}${suffix}`, body });
  return {
    'GET /campaigns': [
      {
        name: 'lists B only',
        req: async () => (await campaignsFx(), get('/campaigns')),
        expect: async (r) => {
          const ids = await campaignsFx();
          listed((b) => b.records, () => [ids.a], () => ids.b)(r);
        },
      },
    ],
    'POST /campaigns': [
      { name: "A's tag as the audience", req: async () => ({ method: 'POST', url: '/campaigns', body: { name: 'Camp de B', tagListId: (await campaignsFx()).aTag } }), expect: answered(400, 'ERR_VALIDATION', aCampaignUnchanged) },
      { name: "A's connection", req: async () => ({ method: 'POST', url: '/campaigns', body: { name: 'Camp de B', whatsappId: A.c.whatsapp.id } }), expect: answered(400, 'ERR_VALIDATION') },
      {
        name: "A's connection with a template (decision 0451)",
        req: () => ({ method: 'POST', url: '/campaigns', body: { name: 'Camp de B', whatsappId: A.c.whatsapp.id, template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['{nome}'] } } }),
        expect: answered(400, 'ERR_VALIDATION', aCampaignUnchanged),
      },
    ],
    'GET /campaigns/:id': [{ name: "A's campaign", req: onACampaign('GET'), expect: notFound('ERR_NOT_FOUND') }],
    'PUT /campaigns/:id': [
      { name: "A's campaign", req: onACampaign('PUT', '', { name: 'Tomada por B' }), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) },
      { name: "A's campaign with a template", req: onACampaign('PUT', '', { name: 'Tomada por B', template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['{nome}'] } }), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) },
    ],
    'DELETE /campaigns/:id': [{ name: "A's campaign", req: onACampaign('DELETE'), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
    'POST /campaigns/:id/cancel': [{ name: "A's campaign", req: onACampaign('POST', '/cancel', {}), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
    'POST /campaigns/:id/restart': [{ name: "A's campaign", req: onACampaign('POST', '/restart', {}), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
    'POST /campaigns/:id/media-upload': [{ name: "A's campaign", req: async () => pngUpload(`/campaigns/${(await campaignsFx()).a}/media-upload`), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
    'DELETE /campaigns/:id/media-upload': [{ name: "A's campaign", req: onACampaign('DELETE', '/media-upload'), expect: notFound('ERR_NOT_FOUND', aCampaignUnchanged) }],
    'GET /campaign-settings': [
      {
        name: "B's settings, never A's variables",
        req: async () => (await campaignsFx(), get('/campaign-settings')),
        expect: (r) => {
          expect(r.status).toBe(200);
          expect(r.text).not.toContain(A.marker);
        },
      },
    ],
    'POST /campaign-settings': [
      {
        name: "B's save leaves A's variables alone",
        req: async () => (await campaignsFx(), { method: 'POST', url: '/campaign-settings', body: { settings: { variables: [{ key: 'segredo', value: 'de B' }] } } }),
        expect: async (r) => {
          expect(r.status).toBe(200);
          const [row] = await app.owner`select value from campaign_settings where company_id = ${A.c.companyId} and key = 'variables'`;
          expect(row!.value).toContain(A.marker);
        },
      },
    ],
  };
};
