import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import { get, itself, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the copilot module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound }) => {
  /** A's copilot (its model named with A's marker, a key), A's usage this month, and a summary of A's ticket; made once. */
  let made: Promise<number> | undefined;
  const aCopilot = () =>
    (made ??= (async () => {
      await api(app, A.c.adminToken).put('/copilot/settings', { enabled: true, model: `modelo-${A.marker}`, apiKey: `sk-${A.marker}-secret`, monthlyTokenCap: 777_777 });
      const month = new Date().toISOString().slice(0, 7);
      await app.owner`insert into copilot_usage (company_id, month, feature, tokens, calls) values (${A.c.companyId}, ${month}, 'summary', 4242, 3)`;
      await app.owner`insert into copilot_message_texts (company_id, message_id, ticket_id, kind, language, text) values (${A.c.companyId}, 1, ${A.ticket.id}, 'translation', 'pt', ${`Tradução ${A.marker}`})`;
      await app.owner`insert into copilot_ticket_languages (company_id, ticket_id, language) values (${A.c.companyId}, ${A.ticket.id}, 'es')`;
      const [s] = await app.owner`insert into copilot_summaries (company_id, ticket_id, reason, summary) values (${A.c.companyId}, ${A.ticket.id}, 'manual', ${`Resumo ${A.marker}`}) returning id`;
      return s!.id as number;
    })());
  const aUnchanged = async () => {
    const [s] = await app.owner`select model, monthly_token_cap from copilot_settings where company_id = ${A.c.companyId}`;
    expect(s).toEqual({ model: `modelo-${A.marker}`, monthly_token_cap: 777_777 });
    const [n] = await app.owner`select count(*)::int as n from copilot_summaries where company_id = ${A.c.companyId}`;
    expect(n!.n).toBe(1);
    expect(await app.owner`select language, translate from copilot_ticket_languages where company_id = ${A.c.companyId}`).toEqual([{ language: 'es', translate: true }]);
    const [texts] = await app.owner`select count(*)::int as n from copilot_message_texts where company_id = ${A.c.companyId}`;
    expect(texts!.n).toBe(1);
  };
  const onATicket = (method: 'GET' | 'POST' | 'PUT', what: string, body?: unknown) => async () => (await aCopilot(), { method, url: `/tickets/${A.ticket.id}/copilot/${what}`, ...(body ? { body } : {}) });
  return {
    'GET /copilot/settings': [
      {
        name: "B's own settings, nothing of A's",
        req: async () => (await aCopilot(), get('/copilot/settings')),
        expect: (r) => {
          expect(r.status).toBe(200);
          expect(r.text).not.toContain(A.marker);
          expect(r.body).toMatchObject({ enabled: false, apiKeyConfigured: false, monthlyTokenCap: 0 });
        },
      },
    ],
    'PUT /copilot/settings': [
      {
        name: "B's save changes B's row, never A's",
        req: async () => (await aCopilot(), { method: 'PUT', url: '/copilot/settings', body: { model: 'modelo-de-b', monthlyTokenCap: 5 } }),
        expect: async (r) => {
          expect(r.status).toBe(200);
          expect(r.body).toMatchObject({ model: 'modelo-de-b', monthlyTokenCap: 5 });
          await aUnchanged();
          const [b] = await app.owner`select model from copilot_settings where company_id = ${B.c.companyId}`;
          expect(b).toEqual({ model: 'modelo-de-b' });
        },
      },
    ],
    'GET /copilot/status': [
      {
        name: "B's own status, not A's (A's copilot is on, B's is not)",
        req: async () => (await aCopilot(), get('/copilot/status')),
        expect: (r) => {
          expect(r.status).toBe(200);
          expect(r.body).toEqual({ enabled: false, translate: false, agentLanguage: 'pt' });
        },
      },
    ],
    'GET /copilot/usage': [
      {
        name: "B's usage does not count A's tokens",
        req: async () => (await aCopilot(), get('/copilot/usage')),
        expect: (r) => {
          expect(r.status).toBe(200);
          expect(r.body).toMatchObject({ tokens: 0, calls: 0 });
          expect(itself(r.body).monthlyTokenCap).not.toBe(777_777);
        },
      },
    ],
    'POST /tickets/:id/copilot/suggestions': [{ name: "A's ticket", req: onATicket('POST', 'suggestions'), expect: notFound('ERR_NO_TICKET_FOUND', aUnchanged) }],
    'POST /tickets/:id/copilot/routing': [{ name: "A's ticket", req: onATicket('POST', 'routing'), expect: notFound('ERR_NO_TICKET_FOUND', aUnchanged) }],
    'POST /tickets/:id/copilot/summary': [{ name: "A's ticket", req: onATicket('POST', 'summary'), expect: notFound('ERR_NO_TICKET_FOUND', aUnchanged) }],
    'GET /tickets/:id/copilot/summaries': [{ name: "A's ticket (with a summary holding A's marker)", req: onATicket('GET', 'summaries'), expect: notFound('ERR_NO_TICKET_FOUND') }],
    'GET /tickets/:id/copilot/translation': [{ name: "A's ticket (with a translation holding A's marker)", req: onATicket('GET', 'translation'), expect: notFound('ERR_NO_TICKET_FOUND') }],
    'PUT /tickets/:id/copilot/translation': [{ name: "A's ticket: its toggle stays", req: onATicket('PUT', 'translation', { translate: false }), expect: notFound('ERR_NO_TICKET_FOUND', aUnchanged) }],
    'POST /tickets/:id/copilot/translated-message': [{ name: "A's ticket: nothing sent", req: onATicket('POST', 'translated-message', { body: 'Olá' }), expect: notFound('ERR_NO_TICKET_FOUND', aUnchanged) }],
  };
};
