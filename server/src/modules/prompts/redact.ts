/**
 * PII redaction before any text leaves the server for an AI provider (issue 12 item 5; decision
 * 0192). Pure. E-mails, CPF (11 digits, formatted or not), CNPJ (14 digits, formatted or not) and
 * phone numbers (10–13 digits with optional +, spaces, dots, dashes, parentheses) become
 * placeholders the model can still talk about. Order matters: e-mails first (they hold digits),
 * then the formatted documents, then runs of digits by their length.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const CNPJ_FORMATTED = /\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/g;
const CPF_FORMATTED = /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/g;
/** A phone-like run: optional +, then digits with separators, 8+ digits in all. */
const PHONE_LIKE = /\+?\(?\d[\d\s().-]{6,}\d/g;

export const REDACTED = { email: '[email]', cpf: '[cpf]', cnpj: '[cnpj]', phone: '[telefone]' } as const;

type PiiKind = keyof typeof REDACTED;

const redactWith = (text: string, mark: (kind: PiiKind, found: string) => string): string =>
  text
    .replace(EMAIL, (m) => mark('email', m))
    .replace(CNPJ_FORMATTED, (m) => mark('cnpj', m))
    .replace(CPF_FORMATTED, (m) => mark('cpf', m))
    .replace(PHONE_LIKE, (m) => {
      const digits = m.replace(/\D/g, '');
      // A bare 11-digit run without separators is a CPF more often than a phone; 14 is a CNPJ.
      if (/^\d+$/.test(m) && digits.length === 14) return mark('cnpj', m);
      if (/^\d+$/.test(m) && digits.length === 11) return mark('cpf', m);
      if (digits.length >= 8 && digits.length <= 13) return mark('phone', m);
      return m;
    });

export const redactPii = (text: string): string => redactWith(text, (kind) => REDACTED[kind]);

/**
 * As `redactPii`, with each placeholder numbered (`[telefone1]`) and what it replaced kept, so a
 * text the agent wrote can be translated without the model seeing the data and then get it back
 * (`restorePii`; decision 0440).
 */
export const redactPiiNumbered = (text: string): { text: string; kept: string[] } => {
  const kept: string[] = [];
  const redacted = redactWith(text, (kind, found) => {
    kept.push(found);
    return `${REDACTED[kind].slice(0, -1)}${kept.length}]`;
  });
  return { text: redacted, kept };
};

/** Puts back what `redactPiiNumbered` kept, wherever the placeholders ended up. */
export const restorePii = (text: string, kept: string[]): string => text.replace(/\[(?:email|cpf|cnpj|telefone)(\d+)\]/g, (m, n: string) => kept[Number(n) - 1] ?? m);
