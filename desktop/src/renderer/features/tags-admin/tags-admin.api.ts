import type { ListTagsResponse, TagDto, TagListItemDto } from '@balcao/shared';
import { http, searchPage } from '../../lib/http';

/** What the tag dialog and the kanban switch send. */
export interface TagForm {
  name: string;
  color: string;
  kanban?: boolean;
}

export const tagsAdminApi = {
  page: searchPage<ListTagsResponse>('/tags'),
  create: (body: TagForm) => http.post<TagDto>('/tags', body),
  update: (id: number, body: TagForm | { name: string; kanban: boolean }) => http.put<TagListItemDto>(`/tags/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/tags/${id}`),
};
