import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_CONTROL_PORT } from './constants';

/**
 * The mails the e2e server sent, as its local SMTP server received them
 * (server/test/e2e/fake-whatsapp-main.ts; read through the control server's GET /mails).
 */
export const mailsTo = async (request: APIRequestContext, to: string): Promise<{ to: string[]; text: string }[]> => {
  const res = await request.get(`http://127.0.0.1:${E2E_CONTROL_PORT}/mails`, { params: { to } });
  expect(res.ok(), `mailbox → ${res.status()}`).toBe(true);
  return (await res.json()) as { to: string[]; text: string }[];
};

/** Waits for the `n`th mail to `to` and returns the 6-digit code in it (a password reset mail). */
export const resetCodeFor = async (request: APIRequestContext, to: string, n = 1): Promise<string> => {
  let text = '';
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, to);
      text = mails[n - 1]?.text ?? '';
      return mails.length;
    }, { message: `mail #${n} to ${to}`, timeout: 15_000 })
    .toBeGreaterThanOrEqual(n);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, `a 6-digit code in: ${text}`).toBeTruthy();
  return code!;
};
