import { expect } from 'vitest';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the helps module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, answered }) => {
  /** One help video of the platform (helps belong to no tenant). */
  let helpId: number | undefined;
  const platformHelp = async (): Promise<number> => {
    helpId ??= (await app.owner`insert into helps (company_id, title, video) values ((select id from companies where is_platform), 'Ajuda da plataforma', 'dQw4w9WgXcQ') returning id`)[0]!.id as number;
    return helpId;
  };
  const platformHelpUnchanged = async () => expect(await app.owner`select title from helps where id = ${await platformHelp()}`).toEqual([{ title: 'Ajuda da plataforma' }]);
  return {
    'GET /helps': [{ name: "the platform's videos, nothing of A's", req: async () => (await platformHelp(), get('/helps')), expect: async (r) => { expect(r.status).toBe(200); expect(r.text).not.toContain(A.marker); expect((r.body as unknown as { title: string }[]).map((h) => h.title)).toContain('Ajuda da plataforma'); } }],
    'GET /helps/list': [{ name: "the platform's videos, nothing of A's", req: () => get(`/helps/list?searchParam=${A.marker}`), expect: async (r) => { expect(r.status).toBe(200); expect(r.body).toEqual([]); } }],
    'POST /helps': [{ name: 'super user only', req: () => ({ method: 'POST', url: '/helps', body: { title: 'Ajuda de B', video: 'dQw4w9WgXcQ' } }), expect: answered(403, 'ERR_NO_PERMISSION', async () => expect(await app.owner`select id from helps where title = 'Ajuda de B'`).toEqual([])) }],
    'PUT /helps/:id': [{ name: "the platform's video", req: async () => ({ method: 'PUT', url: `/helps/${await platformHelp()}`, body: { title: 'Trocada', video: 'dQw4w9WgXcQ' } }), expect: answered(403, 'ERR_NO_PERMISSION', platformHelpUnchanged) }],
    'DELETE /helps/:id': [{ name: "the platform's video", req: async () => ({ method: 'DELETE', url: `/helps/${await platformHelp()}` }), expect: answered(403, 'ERR_NO_PERMISSION', platformHelpUnchanged) }],
  };
};
