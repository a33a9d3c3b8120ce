/**
 * The customer's language, told cheaply first (decision 0440; pure): words and letters only one of
 * the languages uses. A text too short or too mixed to tell is `undefined`, and then the model is
 * asked once for the ticket.
 */
import { COPILOT_LANGUAGES, type CopilotLanguage } from '@balcao/shared';
import { redactPii } from '../prompts';
import type { ChatMessage } from './copilot.prompts';

/** Words common in one language and rare in the others (accents folded). */
const MARKERS: Partial<Record<CopilotLanguage, string[]>> = {
  pt: ['voce', 'nao', 'obrigado', 'obrigada', 'tambem', 'entao', 'estou', 'quero', 'preciso', 'meu', 'minha', 'isso', 'ola', 'bom', 'tudo', 'bem', 'ate', 'pra', 'com', 'uma', 'fazer', 'entrega', 'qual', 'sim', 'ainda', 'agora', 'muito', 'ajuda', 'onde', 'quando', 'tenho', 'vou', 'pode', 'posso', 'seu', 'sua', 'obg'],
  es: ['usted', 'hola', 'gracias', 'quiero', 'necesito', 'tengo', 'estoy', 'pero', 'muy', 'donde', 'cuando', 'ahora', 'puedo', 'mi', 'envio', 'cual', 'si', 'todavia', 'ayuda', 'buenos', 'buenas', 'el', 'los', 'las', 'del', 'hacer', 'llega', 'cuanto', 'tarda', 'y', 'es', 'con', 'una', 'mucho', 'entrega', 'ustedes', 'tienen', 'hay', 'ya'],
  en: ['the', 'you', 'your', 'please', 'thanks', 'thank', 'hello', 'hi', 'want', 'need', 'have', 'is', 'are', 'my', 'order', 'where', 'when', 'how', 'what', 'can', 'could', 'would', 'and', 'with', 'for', 'delivery', 'still', 'now', 'help', 'to', 'of', 'it'],
};
/** Letters that give a language away. */
const LETTERS: Partial<Record<CopilotLanguage, RegExp>> = { pt: /[ãõç]/, es: /[ñ¿¡]/ };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export const guessLanguage = (text: string): CopilotLanguage | undefined => {
  const lower = text.toLowerCase();
  const words = fold(text).split(/[^\p{L}]+/u).filter(Boolean);
  if (words.length === 0) return undefined;
  const scores = (Object.keys(MARKERS) as CopilotLanguage[]).map((lang) => {
    const set = new Set(MARKERS[lang]);
    const hits = words.filter((w) => set.has(w)).length + (LETTERS[lang]?.test(lower) ? 3 : 0);
    return { lang, hits };
  });
  scores.sort((a, b) => b.hits - a.hits);
  const [best, second] = scores;
  // Two clues at least, and twice the runner-up's: otherwise the model decides.
  return best && best.hits >= 2 && best.hits >= 2 * (second?.hits ?? 0) ? best.lang : undefined;
};

export const LANGUAGE_NAMES: Record<CopilotLanguage, string> = { pt: 'português do Brasil', es: 'espanhol', en: 'inglês', fr: 'francês', it: 'italiano', de: 'alemão' };

export const isLanguage = (s: string): s is CopilotLanguage => (COPILOT_LANGUAGES as readonly string[]).includes(s);

/** The model names the language: one ISO code, read by `readLanguage`. */
export const detectMessages = (text: string): ChatMessage[] => [
  { role: 'system', content: `Identifique o idioma da mensagem do cliente. Responda apenas com o código ISO 639-1 de duas letras (${COPILOT_LANGUAGES.join(', ')}).` },
  { role: 'user', content: redactPii(text.slice(0, 1_000)) },
];

/** The first two-letter code of the answer the copilot knows; anything else: undefined. */
export const readLanguage = (answer: string): CopilotLanguage | undefined => {
  const code = /\b([a-z]{2})\b/i.exec(answer.trim())?.[1]?.toLowerCase();
  return code && isLanguage(code) ? code : undefined;
};

/** A translation: the text alone, placeholders kept as they are. */
export const translateMessages = (text: string, from: CopilotLanguage | '', to: CopilotLanguage): ChatMessage[] => [
  {
    role: 'system',
    content:
      `Traduza a mensagem de WhatsApp ${from ? `do ${LANGUAGE_NAMES[from]} ` : ''}para o ${LANGUAGE_NAMES[to]}, no mesmo tom, ` +
      'sem acrescentar nada. Mantenha como estão os marcadores entre colchetes (como [telefone1]). Responda apenas com a tradução.',
  },
  { role: 'user', content: text },
];

/** The model's translation: trimmed, fences and quotes a model adds dropped; '' when none. */
export const readTranslation = (answer: string): string =>
  answer
    .trim()
    .replace(/^```[a-z]*\n?|```$/g, '')
    .trim()
    .slice(0, 4_000);
