/**
 * A timeline entry's detail as short `label: value` lines in the user's language: field names and
 * the codes the server stores (reasons, errors, statuses, timers…) become words; a code without a
 * translation shows as stored, so nothing is hidden. The message id that keys a turn is not shown.
 */
import type { TFunction } from 'i18next';

/** Detail keys with a label (others show as stored). */
const FIELDS = ['input', 'uses', 'queue', 'queueId', 'queues', 'title', 'optionId', 'reason', 'noticeSent', 'rating', 'ms', 'status', 'error', 'tokens', 'userId'] as const;
const MORE_FIELDS = [
  'type', 'integrationId', 'promptId', 'attempts', 'replies', 'stop', 'model', 'history', 'durationMs', 'via', 'kind', 'id', 'host',
  'messages', 'timer', 'minutes', 'from', 'event', 'call', 'intent', 'end', 'chars', 'voice', 'bytes', 'fallback', 'askedAt', 'delayMs',
  'policy', 'to', 'closed',
] as const;
type MoreField = (typeof MORE_FIELDS)[number];

/** Keys whose string values are codes with words in `bot.values.<group>`; `status`/`from` strings are ticket statuses. */
const VALUE_GROUP: Record<string, string> = {
  reason: 'reason',
  error: 'error',
  timer: 'timer',
  from: 'status',
  status: 'status',
  kind: 'kind',
  type: 'type',
  event: 'event',
  via: 'via',
  fallback: 'fallback',
  policy: 'policy',
};

const HIDDEN = new Set(['messageId']);

type Exists = (key: string) => boolean;
/** The catalogue's keys are typed; these are built from stored codes, checked with `exists` first. */
type Loose = (key: string, opts?: Record<string, unknown>) => string;
const loose = (t: TFunction): Loose => t as unknown as Loose;

const wordFor = (t: TFunction, exists: Exists, group: string, code: string): string => {
  const key = `bot.values.${group}.${code}`;
  if (exists(key)) return loose(t)(key);
  // A prompt call's failure reads 'http 500'.
  const http = /^http (\d{3})$/.exec(code);
  if (http && group === 'error') return loose(t)('bot.values.httpStatus', { status: http[1] });
  return code;
};

const valueOf = (t: TFunction, exists: Exists, key: string, v: unknown): string => {
  if (typeof v === 'boolean') return t(v ? 'bot.values.yes' : 'bot.values.no');
  if (key === 'tokens' && v && typeof v === 'object') {
    const u = v as { prompt?: number | null; completion?: number | null; total?: number | null };
    return loose(t)('bot.values.tokens', { total: u.total ?? '?', prompt: u.prompt ?? '?', completion: u.completion ?? '?' });
  }
  if (typeof v === 'string' && VALUE_GROUP[key]) return wordFor(t, exists, VALUE_GROUP[key], v);
  if (Array.isArray(v)) return v.map(String).join(', ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

const labelOf = (t: TFunction, key: string, v?: unknown): string => {
  // `from` is a status where a ticket moved (a timer), an id where something came from one (a reassigned agent, a merged contact).
  if (key === 'from' && typeof v === 'number') return t('bot.moreFields.fromId');
  if ((FIELDS as readonly string[]).includes(key)) return t(`bot.fields.${key as (typeof FIELDS)[number]}`);
  if ((MORE_FIELDS as readonly string[]).includes(key)) return t(`bot.moreFields.${key as MoreField}`);
  return key;
};

export const detailLines = (detail: Record<string, unknown>, t: TFunction, exists: Exists): string[] =>
  Object.entries(detail)
    .filter(([k, v]) => !HIDDEN.has(k) && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${labelOf(t, k, v)}: ${valueOf(t, exists, k, v)}`);
