import { Fragment, type ReactNode } from 'react';

/**
 * WhatsApp's own text formatting, drawn as the phone draws it: *bold*, _italic_, ~strike~ and
 * ```monospace```. Agents' signatures (`*Name:*`) and bots' menus (`*[ 1 ]* - Vendas`) use it,
 * so raw asterisks would be noise. Built from React elements (never HTML): a message can't
 * inject markup.
 */
const MARKS: Record<string, (inner: ReactNode, key: number) => ReactNode> = {
  '*': (inner, key) => <strong key={key}>{inner}</strong>,
  _: (inner, key) => <em key={key}>{inner}</em>,
  '~': (inner, key) => <s key={key}>{inner}</s>,
  '```': (inner, key) => (
    <code key={key} style={{ fontFamily: 'monospace' }}>
      {inner}
    </code>
  ),
};

// A mark opens at the start or after a non-word character, holds no line break and no edge
// spaces, and closes before a non-word character or the end (as WhatsApp does).
const TOKEN = /```([^`]+?)```|(?<![\p{L}\p{N}])([*_~])(?!\s)([^\n]*?[^\s\n])\2(?![\p{L}\p{N}])/gu;

export const formatWhatsApp = (text: string, depth = 0): ReactNode[] => {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(MARKS['```']!(m[1], key++));
    else out.push(MARKS[m[2]!]!(depth < 3 ? formatWhatsApp(m[3]!, depth + 1) : m[3], key++));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
};

export const WhatsAppText = ({ text }: { text: string }) => (
  <>
    {formatWhatsApp(text).map((part, i) => (
      <Fragment key={i}>{part}</Fragment>
    ))}
  </>
);
