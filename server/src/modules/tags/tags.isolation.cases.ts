import { expect } from 'vitest';
import { get, itself, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the tags module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, aContactUnchanged, tagsAndNotes, aTagsAndNoteUnchanged, lanes }) => {
  const aLaneUnchanged = async () => {
    const { aLane } = await lanes();
    expect(await app.owner`select tag_id from ticket_tags where ticket_id = ${A.ticket.id}`).toContainEqual({ tag_id: aLane });
    expect((await app.owner`select kanban from tags where id = ${aLane}`)[0]).toEqual({ kanban: 1 });
  };
  return {
    'GET /tags/list': [{ name: 'lists B only', req: async () => (await tagsAndNotes(), get(`/tags/list?companyId=${A.c.companyId}`)), expect: async (r) => {
        const ids = await tagsAndNotes();
        listed(itself, () => [ids.aTag], () => ids.bTag)(r);
      } }],
    'POST /tags': [
      {
        name: "A's tag name is free in B, and A's tag stays",
        req: async () => (await tagsAndNotes(), { method: 'POST', url: '/tags', body: { name: `Etiqueta ${A.marker}` } }),
        expect: async (r) => {
          expect(r.status).toBe(200);
          expect(r.body.id).not.toBe((await tagsAndNotes()).aTag);
          await aTagsAndNoteUnchanged();
        },
      },
    ],
    'GET /tags': [
      // B may hold a tag named like A's (the POST /tags row): ids and counts tell them apart.
      { name: 'lists B only, with counts', req: async () => (await tagsAndNotes(), get(`/tags?searchParam=Etiqueta&companyId=${A.c.companyId}`)), expect: async (r) => {
          const ids = await tagsAndNotes();
          expect(r.status).toBe(200);
          const got = r.body.tags as { id: number; ticketsCount: number }[];
          expect(got.map((t) => t.id)).not.toContain(ids.aTag);
          expect(got.map((t) => t.id)).toContain(ids.bTag);
          expect(got.every((t) => t.ticketsCount === 0)).toBe(true);
          expect(r.body.count).toBe(got.length);
        } },
    ],
    'GET /tags/:id': [{ name: "A's tag", req: async () => get(`/tags/${(await tagsAndNotes()).aTag}`), expect: notFound('ERR_NOT_FOUND') }],
    'PUT /tags/:id': [
      {
        name: "A's tag",
        req: async () => ({ method: 'PUT', url: `/tags/${(await tagsAndNotes()).aTag}`, body: { name: 'Renomeada por B', kanban: 1 } }),
        expect: notFound('ERR_NOT_FOUND', async () => {
          const [t] = await app.owner`select name, kanban from tags where id = ${(await tagsAndNotes()).aTag}`;
          expect(t).toEqual({ name: `Etiqueta ${A.marker}`, kanban: 0 });
        }),
      },
    ],
    'DELETE /tags/:id': [{ name: "A's tag", req: async () => ({ method: 'DELETE', url: `/tags/${(await tagsAndNotes()).aTag}` }), expect: notFound('ERR_NOT_FOUND', aTagsAndNoteUnchanged) }],
    'POST /tags/sync': [
      { name: "A's ticket", req: async () => ({ method: 'POST', url: '/tags/sync', body: { ticketId: A.ticket.id, tags: [] } }), expect: notFound('ERR_NO_TICKET_FOUND', aTagsAndNoteUnchanged) },
      {
        name: "A's tag on B's ticket",
        req: async () => ({ method: 'POST', url: '/tags/sync', body: { ticketId: B.ticket.id, tags: [{ id: (await tagsAndNotes()).aTag }] } }),
        expect: notFound('ERR_NOT_FOUND', aTagsAndNoteUnchanged),
      },
    ],
    'PUT /contacts/:id/tags': [
      {
        name: "A's contact",
        req: async () => ({ method: 'PUT', url: `/contacts/${A.contactId}/tags`, body: { tagIds: [(await tagsAndNotes()).bTag] } }),
        expect: notFound('ERR_NO_CONTACT_FOUND', async () => {
          await aContactUnchanged();
          expect(await app.owner`select tag_id from contact_tags where contact_id = ${A.contactId}`).toEqual([]);
        }),
      },
      {
        name: "A's tag on B's contact",
        req: async () => ({ method: 'PUT', url: `/contacts/${B.contactId}/tags`, body: { tagIds: [(await tagsAndNotes()).aTag] } }),
        expect: notFound('ERR_NOT_FOUND', async () => {
          expect(await app.owner`select tag_id from contact_tags where contact_id = ${B.contactId}`).toEqual([]);
        }),
      },
    ],
    'GET /tags/kanban': [
      { name: "B's lanes only", req: async () => (await lanes(), get('/tags/kanban')), expect: async (r) => {
          const { aLane, bLane } = await lanes();
          listed((b) => b.lista, () => [aLane], () => bLane)(r);
        } },
    ],
    'PUT /ticket-tags/:ticketId/:tagId': [
      { name: "A's ticket", req: async () => ({ method: 'PUT', url: `/ticket-tags/${A.ticket.id}/${(await lanes()).bLane}` }), expect: notFound('ERR_NO_TICKET_FOUND', aLaneUnchanged) },
      { name: "A's tag on B's ticket", req: async () => ({ method: 'PUT', url: `/ticket-tags/${B.ticket.id}/${(await lanes()).aLane}` }), expect: notFound('ERR_NOT_FOUND', async () => {
          await aLaneUnchanged();
          expect(await app.owner`select tag_id from ticket_tags where tag_id = ${(await lanes()).aLane} and ticket_id = ${B.ticket.id}`).toEqual([]);
        }) },
    ],
    'DELETE /ticket-tags/:ticketId': [{ name: "A's ticket", req: async () => ({ method: 'DELETE', url: `/ticket-tags/${A.ticket.id}` }), expect: notFound('ERR_NO_TICKET_FOUND', aLaneUnchanged) }],
  };
};
