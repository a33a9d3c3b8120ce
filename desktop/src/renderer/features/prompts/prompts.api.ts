import type { CreatePromptBody, ListPromptsResponse, PromptDto, QueueDto, UpdatePromptBody } from '@balcao/shared';
import { http } from '../../lib/http';

/** administration.md §7: GET /prompt, GET/PUT/DELETE /prompt/{id}, POST /prompt. */
export const promptsApi = {
  list: () => http.get<ListPromptsResponse>('/prompt'),
  create: (body: Partial<CreatePromptBody>) => http.post<PromptDto>('/prompt', body),
  update: (id: number, body: UpdatePromptBody) => http.put<PromptDto>(`/prompt/${id}`, body),
  remove: (id: number) => http.delete<{ message: string }>(`/prompt/${id}`),
  /** The queue selector's options. */
  queues: () => http.get<QueueDto[]>('/queue'),
};
