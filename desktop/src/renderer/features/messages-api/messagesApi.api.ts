import type { ApiSendResponse } from '@balcao/shared';
import { apiBaseUrl } from '../../lib/apiBase';

/** The external API's send route, as an integrator calls it. */
export const sendUrl = (): string => `${apiBaseUrl()}/api/messages/send`;

/**
 * One call of the external API with a connection token, not the user's session (the server
 * refuses sessions there): the answer, or the coded error body thrown as is (toastError reads it).
 */
const call = async (token: string, body: BodyInit, json: boolean): Promise<ApiSendResponse> => {
  const res = await fetch(sendUrl(), {
    method: 'POST',
    headers: { authorization: `Bearer ${token.trim()}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const answer: unknown = await res.json().catch(() => ({ error: 'ERR_INTERNAL' }));
  if (!res.ok) throw answer;
  return answer as ApiSendResponse;
};

export const messagesApi = {
  sendText: (token: string, number: string, body: string) => call(token, JSON.stringify({ number, body }), true),
  sendMedia: (token: string, number: string, file: File, caption = '') => {
    const form = new FormData();
    form.append('number', number);
    if (caption) form.append('body', caption);
    form.append('medias', file, file.name);
    return call(token, form, false);
  },
};

/** The curl lines the page shows, with the real address. */
export const curlText = (url: string): string =>
  [`curl -X POST '${url}' \\`, "  -H 'Authorization: Bearer <token>' \\", "  -H 'Content-Type: application/json' \\", `  -d '{"number": "5511999998888", "body": "Olá!"}'`].join('\n');

export const curlMedia = (url: string): string =>
  [`curl -X POST '${url}' \\`, "  -H 'Authorization: Bearer <token>' \\", "  -F 'number=5511999998888' \\", "  -F 'body=Segue o arquivo' \\", "  -F 'medias=@/caminho/arquivo.pdf'"].join('\n');
