/**
 * What the copilot asks the model and how it reads the answer (pure; decision 0404). Every text
 * that leaves the server passes `redactPii` (the prompts module's, decision 0192): the customer's
 * phone numbers, e-mails, CPF and CNPJ become placeholders, wherever they appear — in a message,
 * a quick message or an article.
 */
import { COPILOT_MAX_DRAFTS, type CopilotCitation } from '@balcao/shared';
import { redactPii } from '../prompts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface HistoryLine {
  fromMe: boolean;
  body: string;
  mediaType: string | null;
}

export interface Passage extends CopilotCitation {
  text: string;
}

/** The longest passage text sent (an article's start): the prompt stays small and fast. */
export const PASSAGE_CHARS = 1_200;
/** The longest draft kept (a WhatsApp message can be longer; a suggestion should not). */
export const DRAFT_CHARS = 2_000;

const line = (m: HistoryLine) => {
  const text = m.body.trim() || (m.mediaType ? `[${m.mediaType}]` : '');
  return text ? `${m.fromMe ? 'Atendente' : 'Cliente'}: ${text}` : '';
};

/** The conversation as one transcript, oldest first, redacted. */
export const transcript = (history: HistoryLine[]): string => redactPii(history.map(line).filter(Boolean).join('\n'));

const passagesText = (passages: Passage[]) =>
  passages.length === 0
    ? '(nenhum trecho da base de conhecimento corresponde a esta conversa)'
    : passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text.slice(0, PASSAGE_CHARS)}`).join('\n\n');

/**
 * Suggested replies: the conversation, the numbered passages, and the shape of the answer. The
 * agent's own earlier messages in the transcript are their tone; the model is told to follow it.
 */
export const suggestionMessages = (history: HistoryLine[], passages: Passage[]): ChatMessage[] => [
  {
    role: 'system',
    content: redactPii(
      'Você é o copiloto de um atendente de WhatsApp de uma empresa brasileira. Escreva até ' +
        `${COPILOT_MAX_DRAFTS} rascunhos de resposta, diferentes entre si, para a última mensagem do cliente, ` +
        'no idioma do cliente e no tom das mensagens anteriores do atendente. Use somente fatos da conversa e dos ' +
        'trechos numerados da base de conhecimento; não invente preços, prazos nem políticas. ' +
        'Responda apenas com JSON, sem texto fora dele, no formato ' +
        '{"drafts":[{"text":"rascunho","sources":[1]}]}, onde "sources" lista os números dos trechos usados ' +
        '(vazio se nenhum).',
    ),
  },
  {
    role: 'user',
    content: `Trechos da base de conhecimento:\n${redactPii(passagesText(passages))}\n\nConversa (a mais recente por último):\n${transcript(history)}`,
  },
];

/** A summary: a few lines a colleague reads before taking the conversation over. */
export const summaryMessages = (history: HistoryLine[]): ChatMessage[] => [
  {
    role: 'system',
    content:
      'Você resume atendimentos de WhatsApp para o próximo atendente. Em português do Brasil, em no máximo ' +
      '5 linhas curtas: o que o cliente quer, o que já foi feito ou prometido e o que falta. Sem saudações, ' +
      'sem inventar nada que não esteja na conversa. Responda apenas com o resumo.',
  },
  { role: 'user', content: `Conversa (a mais recente por último):\n${transcript(history)}` },
];

/** Routing (issue 32 §6): the conversation's start, the numbered queues and tags, one JSON answer. */
export const routingMessages = (history: HistoryLine[], queues: { name: string }[], tags: { name: string }[]): ChatMessage[] => [
  {
    role: 'system',
    content:
      'Você encaminha atendimentos de WhatsApp. Escolha a fila (setor) mais adequada para a conversa e as etiquetas ' +
      'que a descrevem, somente entre as numeradas. Responda apenas com JSON: ' +
      '{"queue": número ou null, "tags": [números], "reason": "uma frase curta em português"}.',
  },
  {
    role: 'user',
    content:
      `Filas:\n${redactPii(queues.map((q, i) => `${i + 1}. ${q.name}`).join('\n') || '(nenhuma)')}\n\n` +
      `Etiquetas:\n${redactPii(tags.map((t, i) => `${i + 1}. ${t.name}`).join('\n') || '(nenhuma)')}\n\n` +
      `Conversa:\n${transcript(history)}`,
  },
];

/** The first JSON object in a text: models often wrap it in ```json fences or a sentence. */
const firstObject = (content: string): unknown => {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(content.slice(start, end + 1));
  } catch {
    return undefined;
  }
};

/**
 * The drafts of an answer, each with the passages it says it used (numbers outside the list are
 * dropped). `undefined` when the answer is not the JSON asked for or holds no draft.
 */
export const readDrafts = (content: string, passages: Passage[]): { text: string; citations: CopilotCitation[] }[] | undefined => {
  const parsed = firstObject(content) as { drafts?: unknown } | undefined;
  if (!parsed || !Array.isArray(parsed.drafts)) return undefined;
  const drafts = parsed.drafts
    .map((d: unknown) => {
      const { text, sources } = (d ?? {}) as { text?: unknown; sources?: unknown };
      if (typeof text !== 'string' || text.trim() === '') return undefined;
      const numbers = Array.isArray(sources) ? [...new Set(sources.filter((n): n is number => Number.isInteger(n) && n >= 1 && n <= passages.length))] : [];
      return { text: text.trim().slice(0, DRAFT_CHARS), citations: numbers.map((n) => ({ kind: passages[n - 1]!.kind, id: passages[n - 1]!.id, title: passages[n - 1]!.title })) };
    })
    .filter((d): d is { text: string; citations: CopilotCitation[] } => d !== undefined)
    .slice(0, COPILOT_MAX_DRAFTS);
  return drafts.length ? drafts : undefined;
};

/**
 * A routing answer: the queue and tags by their numbers (any outside the lists dropped), the
 * reason; undefined when it is not the JSON asked for.
 */
export const readRouting = <Q, T>(content: string, queues: Q[], tags: T[]): { queue: Q | null; tags: T[]; reason: string } | undefined => {
  const parsed = firstObject(content) as { queue?: unknown; tags?: unknown; reason?: unknown } | undefined;
  if (!parsed || typeof parsed !== 'object') return undefined;
  const n = parsed.queue;
  const queue = Number.isInteger(n) && (n as number) >= 1 && (n as number) <= queues.length ? queues[(n as number) - 1]! : null;
  const picked = Array.isArray(parsed.tags) ? [...new Set(parsed.tags.filter((x): x is number => Number.isInteger(x) && x >= 1 && x <= tags.length))] : [];
  const reason = typeof parsed.reason === 'string' ? parsed.reason.trim().slice(0, 300) : '';
  return { queue, tags: picked.map((i) => tags[i - 1]!), reason };
};

/** A summary answer: trimmed, without fences, at most 1,000 characters; undefined when empty. */
export const readSummary = (content: string): string | undefined => {
  const text = content.replace(/^```\w*\s*|```\s*$/g, '').trim().slice(0, 1_000);
  return text || undefined;
};
