import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { now } from './stats';
import { api } from './app';

const DRAFTS = JSON.stringify({ drafts: [{ text: 'Entregamos em São Paulo em até 2 dias úteis.', sources: [1] }, { text: 'Posso ajudar em algo mais?', sources: [] }] });

/**
 * A local OpenAI-compatible model that answers at once (every path: chat completions with two
 * drafts), keeping how long each answer took it so a bench can subtract its own time.
 */
export const fakeModel = async () => {
  const own: number[] = [];
  const server = createServer((req, res) => {
    const t0 = now();
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: DRAFTS } }], usage: { total_tokens: 300 } }));
      own.push(now() - t0);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, own, close: () => new Promise<void>((done) => server.close(() => done())) };
};

/**
 * `--copilot` of the ingest and inbox benches (issue 32: their lines must not get worse with the
 * copilot on): the company's copilot switched on against the fake model, with what runs by itself
 * on (automatic summaries); translation stays off, as a company switches it on for itself and it
 * is a model call per customer message by design.
 */
export const copilotOn = async (appUrl: string, adminToken: string, model: { url: string }) => {
  await api(appUrl, adminToken).put('/copilot/settings', { enabled: true, baseUrl: model.url, model: 'bench', apiKey: 'sk-bench', autoSummary: true });
};
