import type { CreateQueueIntegrationBody, ListQueueIntegrationsResponse, SavedQueueIntegration, TestQueueIntegrationResponse, UpdateQueueIntegrationBody } from '@balcao/shared';
import { http, searchPage } from '../../lib/http';

export const queueIntegrationsApi = {
  page: searchPage<ListQueueIntegrationsResponse>('/queueIntegration'),
  create: (body: CreateQueueIntegrationBody) => http.post<SavedQueueIntegration>('/queueIntegration', body),
  update: (id: number, body: UpdateQueueIntegrationBody) => http.put<SavedQueueIntegration>(`/queueIntegration/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/queueIntegration/${id}`),
  test: (body: { projectName: string; jsonContent: string; language: string; id?: number }) => http.post<TestQueueIntegrationResponse>('/queueIntegration/testSession', body),
};
