import { expect } from 'vitest';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the queue-integrations module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ A, notFound, emptyList, aIntegration, aIntegrationUnchanged }) => {
  const onAIntegration = (method: RawRequest['method'], body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/queueIntegration/${await aIntegration()}`, body });
  return {
    'GET /queueIntegration': [{ name: 'lists B only', req: async () => (await aIntegration(), get('/queueIntegration?searchParam=Integra')), expect: emptyList((b) => b.queueIntegrations) }],
    'POST /queueIntegration': [
      { name: "A's name is free in B", req: async () => (await aIntegration(), { method: 'POST', url: '/queueIntegration', body: { name: `Integração ${A.marker}`, type: 'n8n' } }), expect: (r) => expect(r.status).toBe(200) },
    ],
    'GET /queueIntegration/:id': [{ name: "A's integration", req: onAIntegration('GET'), expect: notFound('ERR_NO_INTEGRATION_FOUND') }],
    'PUT /queueIntegration/:id': [{ name: "A's integration", req: onAIntegration('PUT', { name: 'Tomada', urlN8N: 'http://127.0.0.1:9/b' }), expect: notFound('ERR_NO_INTEGRATION_FOUND', aIntegrationUnchanged) }],
    'DELETE /queueIntegration/:id': [{ name: "A's integration", req: onAIntegration('DELETE'), expect: notFound('ERR_NO_INTEGRATION_FOUND', aIntegrationUnchanged) }],
    'POST /queueIntegration/testSession': [
      { name: "A's stored service account", req: async () => ({ method: 'POST', url: '/queueIntegration/testSession', body: { projectName: 'p', id: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
    ],
  };
};
