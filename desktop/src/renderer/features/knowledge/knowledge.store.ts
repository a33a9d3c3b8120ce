import type { KnowledgeArticleDto } from '@balcao/shared';
import { createPagedList } from '../../lib/paged-list';
import { knowledgeApi } from './knowledge.api';
import { dropArticle, placeArticle } from './knowledge.logic';

/** The "Base de conhecimento" table: searched (full text on the server) and paged. */
export const useKnowledge = createPagedList<KnowledgeArticleDto>({
  fetch: (search, page) => knowledgeApi.page(search, page),
  place: placeArticle,
  drop: dropArticle,
});
