import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { E2E_CONTROL_PORT } from './constants';

const base = `http://127.0.0.1:${E2E_CONTROL_PORT}`;

export interface FakeSocketInfo {
  /** 1-based creation order over the whole run. */
  seq: number;
  ended: boolean;
  /** Phone numbers the product asked a pairing code for on this socket (GET only). */
  pairingRequests?: string[];
}

const ok = async <T>(res: APIResponse, what: string): Promise<T> => {
  expect(res.ok(), `fake network: ${what} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/**
 * The WhatsApp network as the e2e server fakes it (server/test/e2e/fake-network.ts): each call
 * acts on the socket a connection's live channel is using right now.
 */
export class FakeNetwork {
  constructor(private readonly request: APIRequestContext) {}

  /** The connection's live socket, or undefined while it has none. */
  async socket(whatsappId: number): Promise<FakeSocketInfo | undefined> {
    const res = await this.request.get(`${base}/connections/${whatsappId}`);
    if (res.status() === 404) return undefined;
    return ok<FakeSocketInfo>(res, `socket of ${whatsappId}`);
  }

  /** Waits until the connection runs on a socket newer than `after` (a seq), and returns it. */
  async nextSocket(whatsappId: number, after = 0): Promise<FakeSocketInfo> {
    let found: FakeSocketInfo | undefined;
    await expect
      .poll(async () => {
        found = await this.socket(whatsappId);
        return found && !found.ended ? found.seq : 0;
      }, { message: `a live fake socket (after #${after}) for connection ${whatsappId}`, timeout: 15_000 })
      .toBeGreaterThan(after);
    return found!;
  }

  private async post(whatsappId: number, action: 'qr' | 'scan' | 'close' | 'inbound', data: unknown): Promise<FakeSocketInfo> {
    return ok(await this.request.post(`${base}/connections/${whatsappId}/${action}`, { data }), `${action} on ${whatsappId}`);
  }

  /** The network shows a QR code to the connection. */
  qr(whatsappId: number, code: string): Promise<FakeSocketInfo> {
    return this.post(whatsappId, 'qr', { code });
  }

  /** The phone scanned the QR: our account (12 or 13 digits) is online. */
  scan(whatsappId: number, number?: string): Promise<FakeSocketInfo> {
    return this.post(whatsappId, 'scan', number ? { number } : {});
  }

  /** A customer (12 or 13 digits) writes a text to the connection's number. */
  inbound(whatsappId: number, from: string, body: string): Promise<FakeSocketInfo> {
    return this.post(whatsappId, 'inbound', { from, body });
  }

  /** The network drops the connection with a Baileys DisconnectReason code (408, 515, 401…). */
  close(whatsappId: number, code: number): Promise<FakeSocketInfo> {
    return this.post(whatsappId, 'close', { code });
  }
}
