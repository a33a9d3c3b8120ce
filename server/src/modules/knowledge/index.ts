// The knowledge module's one door (issue 32 §1): a company's articles, searched with the
// Portuguese-aware indexing of message search, that the copilot grounds its drafts in.
export { knowledgeArticles } from './knowledge.table';
