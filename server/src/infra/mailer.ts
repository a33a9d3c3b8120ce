import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends one mail; rejects when the SMTP server refuses it or cannot be reached in time. */
  send(mail: Mail): Promise<void>;
  /** 'smtp' when SMTP_URL is set, else 'log' (the embedded default: the mail goes to the log). */
  readonly kind: 'smtp' | 'log';
}

/** Where a mail goes without SMTP: pino's `info(obj, msg)` fits. */
export interface MailLog {
  info(obj: Record<string, unknown>, msg: string): void;
}

const DEFAULT_FROM = 'Balcão <no-reply@balcao.local>';
/** Every SMTP step is bounded: a dead server costs at most this long per mail. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Outgoing mail (issue 14 §3). With `smtpUrl` (SMTP_URL) nodemailer sends it; without one — the
 * embedded default, where nobody has configured mail — the whole mail, code included, is written
 * to the log so whoever runs the server can read it (server-behaviour §2; decision 0252).
 */
export const createMailer = (opts: { smtpUrl?: string; from?: string; log: MailLog }): Mailer => {
  const from = opts.from ?? DEFAULT_FROM;
  if (!opts.smtpUrl) {
    return {
      kind: 'log',
      send: async (mail) => opts.log.info({ mail: { from, to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (no SMTP_URL set: written to the log)'),
    };
  }
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
};
