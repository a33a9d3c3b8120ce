import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from './local-server';

/** A request the fake received. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON, when it is. */
  json?: { model?: string; messages?: { role: string; content: string }[]; [k: string]: unknown };
}

export type FakeHandler = (req: FakeRequest, res: ServerResponse) => void;

/** A chat completion answer with `content` and the usage a provider reports. */
export const completion =
  (content: string, totalTokens = 120): FakeHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: totalTokens - 20, completion_tokens: 20, total_tokens: totalTokens } }));
  };

export const status =
  (code: number, headers: Record<string, string> = {}, body = '{"error":{"message":"fake"}}'): FakeHandler =>
  (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

export const raw =
  (body: string): FakeHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  };

/**
 * A local OpenAI-compatible server (issue 32: every copilot feature is tested against one): it
 * records what it received and answers each path from a queue of handlers (one per call, the last
 * one repeats); `hang()` never answers (a timeout), and `close()` ends those too.
 */
export const startFakeOpenAi = async () => {
  const received: FakeRequest[] = [];
  const handlers = new Map<string, FakeHandler[]>();
  const hung: ServerResponse[] = [];
  const server = await startLocalServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const r: FakeRequest = { method: req.method ?? 'GET', path: req.url ?? '', headers: req.headers, body };
      try {
        r.json = JSON.parse(body.toString('utf8')) as FakeRequest['json'];
      } catch {
        // A multipart or empty body.
      }
      received.push(r);
      const list = handlers.get(r.path);
      const h = list && list.length > 1 ? list.shift()! : list?.[0];
      if (!h) return status(404)(r, res);
      h(r, res);
    });
  });
  return {
    base: server.base,
    /** The base URL a company configures (`…/v1`). */
    v1: `${server.base}/v1`,
    received,
    /** What `path` answers next (`/v1/chat/completions`). */
    answer: (path: string, ...h: FakeHandler[]) => void handlers.set(path, h),
    hang: (): FakeHandler => (_req, res) => void hung.push(res),
    reset: () => {
      received.length = 0;
      handlers.clear();
    },
    /** Everything the fake received, as one text (to assert what never left the server). */
    everything: () => received.map((r) => r.body.toString('utf8')).join('\n'),
    close: async () => {
      for (const res of hung) res.destroy();
      await server.close();
    },
  };
};

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
