import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, itself, pngUpload, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the queues module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, aQueueWithOption, aQueueUnchanged, aIntegration, prompts, aPromptUnchanged }) => {
  const onAQueue = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => (await aQueueWithOption(), { method, url: `/queue/${A.queueId}${suffix}`, body });
  const onAOption = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/queue-options/${(await aQueueWithOption()).option}${suffix}`, body });
  return {
    'GET /queue': [{ name: 'lists B only', req: () => get('/queue'), expect: listed(itself, () => [A.queueId], () => B.queueId) }],
    'POST /queue': [
      {
        name: "A's colour is free in B",
        req: async () => {
          await api(app, A.c.adminToken).post('/queue', { name: 'Cor Alfa', color: '#123abc' });
          return { method: 'POST', url: '/queue', body: { name: 'Cor Bravo', color: '#123abc' } };
        },
        expect: (r) => expect(r.status).toBe(200),
      },
    ],
    'GET /queue/:id': [{ name: "A's queue", req: onAQueue('GET'), expect: notFound('ERR_NO_QUEUE_FOUND') }],
    'PUT /queue/:id': [
      { name: "A's queue", req: onAQueue('PUT', '', { name: 'Tomada', greetingMessage: 'x' }), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) },
      { name: "A's integration on B's queue", req: async () => ({ method: 'PUT', url: `/queue/${B.queueId}`, body: { integrationId: await aIntegration() } }), expect: notFound('ERR_NO_INTEGRATION_FOUND') },
      { name: "A's prompt on B's queue", req: async () => ({ method: 'PUT', url: `/queue/${B.queueId}`, body: { promptId: (await prompts()).a } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
    ],
    'DELETE /queue/:id': [{ name: "A's queue", req: onAQueue('DELETE'), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) }],
    'POST /queue/:id/media-upload': [{ name: "A's queue", req: async () => (await aQueueWithOption(), pngUpload(`/queue/${A.queueId}/media-upload`)), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) }],
    'DELETE /queue/:id/media-upload': [{ name: "A's queue", req: onAQueue('DELETE', '/media-upload'), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) }],
    'GET /queue/:id/media': [{ name: "A's queue with a stored file", req: onAQueue('GET', '/media'), expect: notFound('ERR_NO_QUEUE_FOUND') }],
    'GET /queue-options': [
      { name: "A's queue", req: async () => (await aQueueWithOption(), get(`/queue-options?queueId=${A.queueId}`)), expect: notFound('ERR_NO_QUEUE_FOUND') },
      { name: "B's queue, A's option as parent", req: async () => get(`/queue-options?queueId=${B.queueId}&parentId=${(await aQueueWithOption()).option}`), expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.body).toEqual([]);
      } },
    ],
    'POST /queue-options': [
      { name: "A's queue", req: async () => (await aQueueWithOption(), { method: 'POST', url: '/queue-options', body: { queueId: A.queueId, title: 'Intrusa' } }), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) },
      {
        name: "B's queue under A's option",
        req: async () => ({ method: 'POST', url: '/queue-options', body: { queueId: B.queueId, parentId: (await aQueueWithOption()).option, title: 'Intrusa' } }),
        expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged),
      },
    ],
    'PUT /queue-options/:id': [{ name: "A's option", req: onAOption('PUT', '', { title: 'Tomada' }), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) }],
    'DELETE /queue-options/:id': [{ name: "A's option", req: onAOption('DELETE'), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) }],
    'POST /queue-options/:id/media-upload': [
      { name: "A's option", req: async () => pngUpload(`/queue-options/${(await aQueueWithOption()).option}/media-upload`), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) },
    ],
    'DELETE /queue-options/:id/media-upload': [{ name: "A's option", req: onAOption('DELETE', '/media-upload'), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND', aQueueUnchanged) }],
    'GET /queue-options/:id/media': [{ name: "A's option with a stored file", req: onAOption('GET', '/media'), expect: notFound('ERR_NO_QUEUE_OPTION_FOUND') }],
  };
};
