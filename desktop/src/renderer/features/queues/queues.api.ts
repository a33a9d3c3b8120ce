import type { ListPromptsResponse, ListQueueIntegrationsResponse } from '@balcao/shared';
import type { CreateQueueBody, CreateQueueOptionBody, QueueDto, QueueOptionDto, UpdateQueueBody, UpdateQueueOptionBody } from '@balcao/shared';
import { allPages } from '../../lib/all-pages';
import { http } from '../../lib/http';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

export const queuesApi = {
  list: () => http.get<QueueDto[]>('/queue'),
  show: (id: number) => http.get<QueueDto>(`/queue/${id}`),
  create: (body: CreateQueueBody) => http.post<QueueDto>('/queue', body),
  update: (id: number, body: UpdateQueueBody) => http.put<QueueDto>(`/queue/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/queue/${id}`),
  upload: (id: number, file: File) => http.postForm<QueueDto>(`/queue/${id}/media-upload`, fileForm(file)),
  removeMedia: (id: number) => http.delete<QueueDto>(`/queue/${id}/media-upload`),
  /**
   * What a queue may hand its conversations to: the company's queue integrations and AI prompts
   * (every page; each list is gated by its plan flag, so a 403 means "none offered").
   */
  integrations: async () => allPages((pageNumber) => http.get<ListQueueIntegrationsResponse>('/queueIntegration/', { pageNumber }), (r) => r.queueIntegrations),
  prompts: async () => allPages((pageNumber) => http.get<ListPromptsResponse>('/prompt', { pageNumber }), (r) => r.prompts),
  /** The company's settings (`scheduleType` decides whether queues have their own hours). */
  settings: () => http.get<{ key: string; value: string }[]>('/settings'),

  /** A queue's whole option tree, flat (each row has its parentId). */
  options: (queueId: number) => http.get<QueueOptionDto[]>('/queue-options', { queueId }),
  createOption: (body: CreateQueueOptionBody) => http.post<QueueOptionDto>('/queue-options', body),
  updateOption: (id: number, body: UpdateQueueOptionBody) => http.put<QueueOptionDto>(`/queue-options/${id}`, body),
  removeOption: (id: number) => http.delete<unknown>(`/queue-options/${id}`),
  uploadOption: (id: number, file: File) => http.postForm<QueueOptionDto>(`/queue-options/${id}/media-upload`, fileForm(file)),
  removeOptionMedia: (id: number) => http.delete<QueueOptionDto>(`/queue-options/${id}/media-upload`),
};
