import { expect } from 'vitest';
import { api, login } from '../../../test/helpers/world';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, status, pngUpload, type Check, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the announcements module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, notFound }) => {
  /**
   * Platform announcements (decision 0275): an active one every company reads and an inactive one
   * (marked with A's marker) only the super user sees; both written by the super user, once.
   */
  let annFix: Promise<{ active: number; inactive: number }> | undefined;
  let annIds: { active: number; inactive: number } | undefined;
  const announcementsFix = () =>
    (annFix ??= (async () => {
      const su = api(app, (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token);
      const active = (await su.post<{ id: number }>('/announcements', { title: `Aviso ${A.marker}`, text: 'Para todos' })).body.id;
      const inactive = (await su.post<{ id: number }>('/announcements', { title: `Rascunho ${A.marker}`, text: 'Ainda não', status: false })).body.id;
      const file = await app.media.save((await app.owner`select id from companies where is_platform`)[0]!.id as number, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
      await app.owner`update announcements set media_path = ${file}, media_name = 'rascunho.txt' where id = ${inactive}`;
      annIds = { active, inactive };
      return annIds;
    })());
  const announcementsUnchanged = async () => {
    const { active, inactive } = await announcementsFix();
    expect(await app.owner`select title, status, media_name from announcements where id in (${active}, ${inactive}) order by id`).toEqual([
      { title: `Aviso ${A.marker}`, status: true, media_name: '' },
      { title: `Rascunho ${A.marker}`, status: false, media_name: 'rascunho.txt' },
    ]);
  };
  const onAnnouncement = (which: 'active' | 'inactive', method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({
    method,
    url: `/announcements/${(await announcementsFix())[which]}${suffix}`,
    body,
  });
  const forbidden = (then?: () => Promise<void>): Check => async (r) => {
    expect(status(r)).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    await then?.();
  };
  return {
    'GET /announcements': [
      {
        name: 'active ones only (the inactive one stays with the super user)',
        req: async () => (await announcementsFix(), get('/announcements')),
        expect: (r) => {
          expect(r.status).toBe(200);
          const ids = (r.body.records as { id: number }[]).map((x) => x.id);
          expect(ids).toContain(annIds!.active);
          expect(ids).not.toContain(annIds!.inactive);
          expect(r.text).not.toContain('Rascunho');
        },
      },
    ],
    'GET /announcements/:id': [{ name: 'the inactive one', req: onAnnouncement('inactive', 'GET'), expect: notFound('ERR_NOT_FOUND') }],
    'POST /announcements': [
      {
        name: 'a company admin may not write them',
        req: () => ({ method: 'POST', url: '/announcements', body: { title: 'Aviso de B', text: 'x' } }),
        expect: forbidden(async () => expect(await app.owner`select id from announcements where title = 'Aviso de B'`).toEqual([])),
      },
    ],
    'PUT /announcements/:id': [{ name: 'the active one', req: onAnnouncement('active', 'PUT', '', { title: 'Tomado por B', status: false }), expect: forbidden(announcementsUnchanged) }],
    'DELETE /announcements/:id': [{ name: 'the active one', req: onAnnouncement('active', 'DELETE'), expect: forbidden(announcementsUnchanged) }],
    'POST /announcements/:id/media-upload': [{ name: 'the active one', req: async () => pngUpload(`/announcements/${(await announcementsFix()).active}/media-upload`), expect: forbidden(announcementsUnchanged) }],
    'DELETE /announcements/:id/media-upload': [{ name: 'the inactive one', req: onAnnouncement('inactive', 'DELETE', '/media-upload'), expect: forbidden(announcementsUnchanged) }],
    'GET /announcements/:id/media': [{ name: "the inactive one's picture", req: onAnnouncement('inactive', 'GET', '/media'), expect: notFound('ERR_NOT_FOUND') }],
  };
};
