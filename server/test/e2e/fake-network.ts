/**
 * A fake WhatsApp network for the browser end-to-end specs: every Baileys socket the product
 * opens is a FakeSocket, and a small HTTP control server lets a spec act as the network for one
 * connection (show a QR code, "scan" it, drop the connection with a disconnect code).
 * Test-only: nothing under server/test ships.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { BaileysSocketFactory } from '../../src/modules/whatsapp/baileys/socket';
import type { SessionManager } from '../../src/modules/whatsapp/session-manager';
import { FakeSocket } from '../../src/modules/whatsapp/baileys/test/fake-socket';
import { incomingText } from '../../src/modules/whatsapp/baileys/test/messages';
import type { FakeCloud } from './fake-cloud';

export interface FakeNetwork {
  /** Hand this to buildApp/startServer. */
  factory: BaileysSocketFactory;
  /** Every socket created so far, oldest first. */
  sockets: FakeSocket[];
}

export const createFakeNetwork = (): FakeNetwork => {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    factory: () => {
      const sock = new FakeSocket();
      sockets.push(sock);
      return sock;
    },
  };
};

/**
 * The socket a connection's live channel is using. SessionManager hands out the channel, but a
 * BaileysChannel keeps its socket in the private `live` field: read it without a cast that would
 * hide a rename (a renamed field answers "no live socket", never the wrong socket).
 */
const currentSocket = (sessions: SessionManager, whatsappId: number): FakeSocket | undefined => {
  const channel = sessions.get(whatsappId);
  const live: unknown = channel ? Reflect.get(channel, 'live') : undefined;
  const sock: unknown = live && typeof live === 'object' ? Reflect.get(live, 'sock') : undefined;
  return sock instanceof FakeSocket ? sock : undefined;
};

const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** 12 or 13 digits, the country code first: our account as `sock.user` once "scanned". */
const userFor = (number: string) => ({ id: `${number}:7@s.whatsapp.net`, name: 'Balcão e2e' });

/**
 * Routes (JSON; 404 while the connection has no live fake socket, so a spec polls):
 * - GET  /sockets                  every socket: { seq, whatsappId (null once replaced), ended }
 * - GET  /connections/:id          the live socket: { seq, ended, pairingRequests (phone numbers asked a pairing code for) }
 * - POST /connections/:id/qr       { code }          the network shows a QR code
 * - POST /connections/:id/scan     { number? }       the phone scanned it: user set, connection open
 * - POST /connections/:id/close    { code }          the network closes with a DisconnectReason code
 * - POST /connections/:id/inbound  { from, body }    a customer (12 or 13 digits) writes a text to the number
 * - GET  /mails?to=address         the mails the server sent to that address through the local SMTP server, oldest first: [{ to, text }]
 * - POST /billing/invoices         runs the daily invoice job now (issue 14 §7): { companies, created }
 * - /cloud…                        Meta's side of a Cloud API connection (fake-cloud.ts)
 */
export const startControlServer = (
  network: FakeNetwork,
  sessions: () => SessionManager | undefined,
  port: number,
  mailbox?: { mails: { to: string[]; text: string }[] },
  billing?: { generateInvoices(): Promise<{ companies: number; created: number }> },
  cloud?: Pick<FakeCloud, 'route'>,
): Promise<Server> => {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://control');
      const cloudAnswer = await cloud?.route(req, url, () => readJson(req));
      if (cloudAnswer) return send(res, cloudAnswer.status, cloudAnswer.body);
      if (req.method === 'GET' && url.pathname === '/mails') {
        const to = (url.searchParams.get('to') ?? '').toLowerCase();
        return send(res, 200, (mailbox?.mails ?? []).filter((m) => m.to.includes(to)).map((m) => ({ to: m.to, text: m.text })));
      }
      if (req.method === 'POST' && url.pathname === '/billing/invoices') {
        if (!billing) return send(res, 404, { error: 'no billing' });
        return send(res, 200, await billing.generateInvoices());
      }
      const manager = sessions();
      if (!manager) return send(res, 503, { error: 'server still starting' });
      if (req.method === 'GET' && url.pathname === '/sockets') {
        const owners = new Map<FakeSocket, number>();
        for (const id of manager.owned()) {
          const sock = currentSocket(manager, id);
          if (sock) owners.set(sock, id);
        }
        return send(res, 200, network.sockets.map((s, i) => ({ seq: i + 1, whatsappId: owners.get(s) ?? null, ended: !!s.ended })));
      }
      const match = /^\/connections\/(\d+)(?:\/(qr|scan|close|inbound))?$/.exec(url.pathname);
      if (!match) return send(res, 404, { error: `no route ${req.method} ${url.pathname}` });
      const sock = currentSocket(manager, Number(match[1]));
      if (!sock) return send(res, 404, { error: `connection ${match[1]} has no live fake socket` });
      const seq = network.sockets.indexOf(sock) + 1;
      const action = match[2];
      if (req.method === 'GET' && !action) return send(res, 200, { seq, ended: !!sock.ended, pairingRequests: sock.pairingRequests });
      if (req.method !== 'POST' || !action) return send(res, 405, { error: 'method not allowed' });
      const body = await readJson(req);
      if (action === 'qr') {
        if (typeof body.code !== 'string' || !body.code) return send(res, 400, { error: 'code (string) required' });
        sock.qr(body.code);
      } else if (action === 'scan') {
        if (body.number !== undefined && (typeof body.number !== 'string' || !/^\d{12,13}$/.test(body.number))) return send(res, 400, { error: 'number: 12 or 13 digits' });
        if (typeof body.number === 'string') {
          // FakeSocket.open() would set its default account; a chosen number is emitted by hand.
          sock.user = userFor(body.number);
          sock.connectionUpdate({ connection: 'open', receivedPendingNotifications: true });
        } else sock.open();
      } else if (action === 'inbound') {
        if (typeof body.from !== 'string' || !/^\d{12,13}$/.test(body.from) || typeof body.body !== 'string') return send(res, 400, { error: 'from (12 or 13 digits) and body required' });
        sock.upsert([incomingText(body.from, body.body)]);
      } else {
        if (typeof body.code !== 'number' || !Number.isInteger(body.code)) return send(res, 400, { error: 'code (integer) required' });
        sock.close(body.code);
      }
      return send(res, 200, { seq, ended: !!sock.ended });
    })().catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
};
