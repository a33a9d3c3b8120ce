import { describe, expect, it } from 'vitest';
import { allWordsQuery, anyWordsQuery } from './knowledge.query';

describe('knowledge search queries (decision 0401)', () => {
  it("the screen's search: every word, each a word's start; operators typed are only separators", () => {
    expect(allWordsQuery('prazo de entrega')).toBe('prazo:* & de:* & entrega:*');
    expect(allWordsQuery("entrega & !'| :* (frete)")).toBe('entrega:* & frete:*');
    expect(allWordsQuery('   ')).toBe('');
  });

  it("retrieval: a customer's telling words, folded, once, any of them; greetings and stop words left out", () => {
    expect(anyWordsQuery('Olá, bom dia! Qual é o PRAZO de entrega para São Paulo? Prazo mesmo.')).toBe('prazo:* | entrega:* | sao:* | paulo:* | mesmo:*');
    expect(anyWordsQuery('oi, tudo bem? obrigado')).toBe('');
    // Two-letter words carry too little; at most 16 words go.
    expect(anyWordsQuery('tv ok')).toBe('');
    expect(anyWordsQuery(Array.from({ length: 30 }, (_, i) => `palavra${i}`).join(' ')).split(' | ')).toHaveLength(16);
  });
});
