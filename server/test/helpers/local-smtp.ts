import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message as received (headers and body). */
  raw: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

/** The body of a raw message with quoted-printable undone (nodemailer's choice for accented text). */
const bodyOf = (raw: string): string => {
  const split = raw.indexOf('\r\n\r\n');
  const body = split >= 0 ? raw.slice(split + 4) : raw;
  const bytes = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
  return bytes.toString('utf8');
};

/**
 * An SMTP server on a free local port that keeps every mail it is given (no network beyond
 * loopback, no TLS, no auth): `url` goes in SMTP_URL; `next(to)` waits for the next mail to an
 * address, `codeIn(mail)` reads the 6-digit code out of a reset mail.
 */
export const startLocalSmtp = async () => {
  const mails: ReceivedMail[] = [];
  const waiters: { to: string; from: number; done: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: bodyOf(raw) };
        mails.push(mail);
        for (const w of [...waiters]) {
          const i = mails.indexOf(mail);
          if (i >= w.from && mail.to.includes(w.to)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Resolves with the first mail to `to` received from now on (or after mail number `from`). */
    next: (to: string, from = mails.length, timeoutMs = 10_000): Promise<ReceivedMail> =>
      new Promise((resolve, reject) => {
        const already = mails.slice(from).find((m) => m.to.includes(to.toLowerCase()));
        if (already) return resolve(already);
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ to: to.toLowerCase(), from, done: (m) => (clearTimeout(timer), resolve(m)) });
      }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

export type LocalSmtp = Awaited<ReturnType<typeof startLocalSmtp>>;

/** The 6-digit code of a password reset mail. */
export const codeIn = (mail: { text: string }): string => {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1]!;
};
