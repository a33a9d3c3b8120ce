import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, pngUpload, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the schedules module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, emptyList }) => {
  /** A's schedule (a follow-up on A's ticket, with a stored image) and B's own, made once on first use. */
  let scheduleFix: Promise<{ a: number; b: number }> | undefined;
  const schedules = () =>
    (scheduleFix ??= (async () => {
      const sendAt = new Date(Date.now() + 3_600_000).toISOString();
      const a = await api(app, A.c.adminToken).post<{ id: number }>('/schedules', { body: `Lembrete ${A.marker}`, contactId: A.contactId, ticketId: A.ticket.id, cancelOnReply: true, sendAt });
      const file = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
      await app.owner`update schedules set media_path = ${file}, media_name = ${`${A.marker}.png`} where id = ${a.body.id}`;
      const b = await api(app, B.c.adminToken).post<{ id: number }>('/schedules', { body: 'Lembrete de B', contactId: B.contactId, sendAt });
      scheduleIds = { a: a.body.id, b: b.body.id };
      return scheduleIds;
    })());
  let scheduleIds: { a: number; b: number } | undefined;
  const aScheduleUnchanged = async () => {
    const [s] = await app.owner`select body, status, media_name, contact_id from schedules where id = ${(await schedules()).a}`;
    expect(s).toEqual({ body: `Lembrete ${A.marker}`, status: 'PENDENTE', media_name: `${A.marker}.png`, contact_id: A.contactId });
  };
  const onASchedule = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/schedules/${(await schedules()).a}${suffix}`, body });
  return {
    'GET /schedules': [
      { name: 'lists B only', req: async () => (await schedules(), get('/schedules')), expect: listed((b) => b.schedules, () => [scheduleIds!.a], () => scheduleIds!.b) },
      { name: "searching A's text", req: async () => (await schedules(), get(`/schedules?searchParam=${A.marker}`)), expect: emptyList((b) => b.schedules) },
      { name: "A's ticket's follow-ups", req: async () => (await schedules(), get(`/schedules?ticketId=${A.ticket.id}`)), expect: emptyList((b) => b.schedules) },
      { name: "A's contact in a range", req: async () => (await schedules(), get(`/schedules?contactId=${A.contactId}&start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z`)), expect: emptyList((b) => b.schedules) },
    ],
    'POST /schedules': [
      { name: "A's contact", req: () => ({ method: 'POST', url: '/schedules', body: { body: 'Tomada de B', contactId: A.contactId, sendAt: '2030-01-01T10:00:00Z' } }), expect: notFound('ERR_NO_CONTACT_FOUND') },
      {
        name: "A's ticket as a follow-up",
        req: () => ({ method: 'POST', url: '/schedules', body: { body: 'Tomada de B', contactId: B.contactId, ticketId: A.ticket.id, cancelOnReply: true, sendAt: '2030-01-01T10:00:00Z' } }),
        expect: notFound('ERR_NO_TICKET_FOUND'),
      },
    ],
    'GET /schedules/:id': [{ name: "A's schedule", req: onASchedule('GET'), expect: notFound('ERR_NO_SCHEDULE_FOUND') }],
    'PUT /schedules/:id': [
      { name: "A's schedule", req: onASchedule('PUT', '', { body: 'Tomada por B' }), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) },
      { name: "A's contact on B's schedule", req: async () => ({ method: 'PUT', url: `/schedules/${(await schedules()).b}`, body: { contactId: A.contactId } }), expect: notFound('ERR_NO_CONTACT_FOUND') },
    ],
    'DELETE /schedules/:id': [{ name: "A's schedule", req: onASchedule('DELETE'), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) }],
    'POST /schedules/:id/media-upload': [{ name: "A's schedule", req: async () => pngUpload(`/schedules/${(await schedules()).a}/media-upload`), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) }],
    'DELETE /schedules/:id/media-upload': [{ name: "A's schedule", req: onASchedule('DELETE', '/media-upload'), expect: notFound('ERR_NO_SCHEDULE_FOUND', aScheduleUnchanged) }],
  };
};
