// The knowledge module's one door (issue 32 §1): a company's articles, searched with the
// Portuguese-aware indexing of message search, that the copilot grounds its drafts in.
import type { Tx } from '../../db/client';
import type { DataAccess } from '../../db/tenant';
import { defineModule } from '../../infra/module';
import { anyWordsQuery } from './knowledge.query';
import { bestMatches } from './knowledge.repository';
import { knowledgeRoutes } from './knowledge.routes';
import { createKnowledgeService } from './knowledge.service';

export { createKnowledgeService, type KnowledgeService } from './knowledge.service';
export { anyWordsQuery } from './knowledge.query';

/** Read queries other modules run in their own transaction. */
export const knowledgeQueries = {
  /** The articles that best answer a text (any of its telling words), for a queue or all, best first. */
  passages: async (tx: Tx, companyId: number, text: string, queueId: number | null, limit: number) => {
    const query = anyWordsQuery(text);
    return query ? bestMatches(tx, companyId, query, queueId, limit) : [];
  },
};

export const knowledgeModule = defineModule({
  name: 'knowledge',
  dependsOn: ['audit', 'queues'],
  setup: (k: { data: DataAccess }) => ({ routes: knowledgeRoutes(createKnowledgeService({ data: k.data })) }),
});
