import { get, itself, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the ticket-notes module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ A, B, notFound, listed, tagsAndNotes, aTagsAndNoteUnchanged }) => ({
  'GET /ticket-notes/list': [
    { name: "A's ticket", req: async () => (await tagsAndNotes(), get(`/ticket-notes/list?ticketId=${A.ticket.id}&contactId=${A.contactId}`)), expect: notFound('ERR_NO_TICKET_FOUND') },
    { name: "B's ticket lists B's notes only", req: async () => (await tagsAndNotes(), get(`/ticket-notes/list?ticketId=${B.ticket.id}`)), expect: async (r) => {
      const ids = await tagsAndNotes();
      listed(itself, () => [ids.aNote], () => ids.bNote)(r);
    } },
  ],
  'POST /ticket-notes': [
    { name: "A's ticket", req: async () => (await tagsAndNotes(), { method: 'POST', url: '/ticket-notes', body: { note: 'de B', ticketId: A.ticket.id } }), expect: notFound('ERR_NO_TICKET_FOUND', aTagsAndNoteUnchanged) },
  ],
  'DELETE /ticket-notes/:id': [{ name: "A's note", req: async () => ({ method: 'DELETE', url: `/ticket-notes/${(await tagsAndNotes()).aNote}` }), expect: notFound('ERR_NOT_FOUND', aTagsAndNoteUnchanged) }],
});
