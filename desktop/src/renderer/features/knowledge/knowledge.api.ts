import type { CopilotSettingsDto, CopilotUsageDto, CreateKnowledgeArticleBody, KnowledgeArticleDto, ListKnowledgeArticlesResponse, QueueDto, UpdateCopilotSettingsBody, UpdateKnowledgeArticleBody } from '@balcao/shared';
import { http } from '../../lib/http';

/** The knowledge base and the copilot's settings (issue 32): admins. */
export const knowledgeApi = {
  page: async (searchParam: string, pageNumber: number, signal?: AbortSignal) => {
    const r = await http.get<ListKnowledgeArticlesResponse>('/knowledge-articles', { searchParam: searchParam || undefined, pageNumber }, signal);
    return { records: r.articles, count: r.count, hasMore: r.hasMore };
  },
  create: (body: Partial<CreateKnowledgeArticleBody>) => http.post<KnowledgeArticleDto>('/knowledge-articles', body),
  update: (id: number, body: UpdateKnowledgeArticleBody) => http.put<KnowledgeArticleDto>(`/knowledge-articles/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/knowledge-articles/${id}`),
  /** The queue selector's options. */
  queues: () => http.get<QueueDto[]>('/queue'),
  settings: () => http.get<CopilotSettingsDto>('/copilot/settings'),
  saveSettings: (body: UpdateCopilotSettingsBody) => http.put<CopilotSettingsDto>('/copilot/settings', body),
  usage: () => http.get<CopilotUsageDto>('/copilot/usage'),
};
