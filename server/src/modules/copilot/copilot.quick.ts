import type { Tx } from '../../db/client';
import type { Ctx } from '../../db/tenant';
import { anyWordsQuery } from '../knowledge';
import { quickMessagesQueries } from '../quick-messages';
import type { Passage } from './copilot.prompts';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The quick replies the agent may use that share most telling words with the customer's text
 * (issue 32 §1: quick messages count as knowledge). A company has tens of them, not thousands:
 * they are scored here, by the same words the article search uses.
 */
export const quickPassages = async (tx: Tx, ctx: Pick<Ctx, 'companyId' | 'userId'>, text: string, limit: number): Promise<Passage[]> => {
  const words = anyWordsQuery(text)
    .split(' | ')
    .map((w) => w.replace(/:\*$/, ''))
    .filter(Boolean);
  if (words.length === 0) return [];
  const scored = (await quickMessagesQueries.usable(tx, ctx.companyId, ctx.userId))
    .filter((q) => q.message.trim() !== '')
    .map((q) => {
      const own = new Set(fold(`${q.shortcode} ${q.message}`).split(/[^\p{L}\p{Nd}]+/u));
      const score = words.filter((w) => [...own].some((o) => o.startsWith(w))).length;
      return { q, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.q.id - b.q.id)
    .slice(0, limit);
  return scored.map(({ q }) => ({ kind: 'quickMessage', id: q.id, title: `/${q.shortcode}`, text: q.message }));
};
