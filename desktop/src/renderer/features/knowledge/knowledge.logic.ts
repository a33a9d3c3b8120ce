import type { KnowledgeArticleDto } from '@balcao/shared';
import { dropById, olderCopy, placeSorted } from '../../lib/by-name';
import type { Placed } from '../../lib/paged-list';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (s: string) => fold(s).split(/[^\p{L}\p{Nd}]+/u).filter(Boolean);

/** The screen's order without a search: by title, then id (as the server sorts). */
const compare = (a: KnowledgeArticleDto, b: KnowledgeArticleDto) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id);

/** Whether an article belongs to a search as the server reads it: every word typed starts a word of its title, tags or body, accents and case aside. */
export const matchesSearch = (a: KnowledgeArticleDto, search: string): boolean => {
  const wanted = words(search);
  if (wanted.length === 0) return true;
  const own = words(`${a.title} ${a.tags.join(' ')} ${a.body}`);
  return wanted.every((w) => own.some((o) => o.startsWith(w)));
};

export const placeArticle = (list: KnowledgeArticleDto[], a: KnowledgeArticleDto, search: string, complete: boolean): Placed<KnowledgeArticleDto> =>
  placeSorted(compare, matchesSearch, olderCopy)(list, a, search, complete);

export const dropArticle = (list: KnowledgeArticleDto[], id: number): Placed<KnowledgeArticleDto> => dropById(list, id);

/** "1.234.567" tokens, in the UI's language. */
export const formatTokens = (n: number, language: string) => n.toLocaleString(language === 'ptBR' ? 'pt-BR' : language);
