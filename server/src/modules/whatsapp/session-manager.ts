import type { DataAccess } from '../../db/tenant';
import type { Inbound, ConnectionFacts } from './inbound';
import type { StatusUpdate, WhatsAppChannel } from './whatsapp.port';
import { SandboxChannel, type SandboxTiming } from './sandbox/sandbox.channel';
import { createSandboxStore } from './sandbox/sandbox.store';
import * as repo from './whatsapp.repository';
import { BaileysChannel } from './baileys/baileys.channel';
import type { BaileysSocketFactory } from './baileys/socket';

export interface SessionManagerDeps {
  data: DataAccess;
  inbound: Inbound;
  sandboxEnabled: boolean;
  sandboxTiming?: SandboxTiming;
  /** Real WhatsApp: without it, `provider: 'baileys'` connections stay DISCONNECTED. */
  baileys?: { encryptionKey: Buffer; socketFactory: BaileysSocketFactory };
}

interface Live {
  channel: WhatsAppChannel;
  facts: ConnectionFacts;
  off: (() => void)[];
}

/**
 * Owns the live channel of each connection in this process: one channel per connection, its
 * listeners wired to the inbound pipeline, removed before a channel is replaced.
 */
export class SessionManager {
  private readonly live = new Map<number, Live>();

  constructor(private readonly deps: SessionManagerDeps) {}

  get(whatsappId: number): WhatsAppChannel | undefined {
    return this.live.get(whatsappId)?.channel;
  }

  sandbox(whatsappId: number, companyId: number): SandboxChannel | undefined {
    const l = this.live.get(whatsappId);
    return l && l.facts.companyId === companyId && l.channel instanceof SandboxChannel ? l.channel : undefined;
  }

  async start(w: repo.WhatsappRow, queueIds: number[]): Promise<WhatsAppChannel | undefined> {
    await this.stop(w.id);
    const channel = this.create(w);
    if (!channel) return undefined;
    const facts: ConnectionFacts = { id: w.id, companyId: w.companyId, queueIds };
    const off = [
      channel.on('message', async (m) => {
        await this.deps.inbound.ingest(facts, m);
      }),
      channel.on('ack', (a) => this.deps.inbound.applyAck(facts, a)),
      channel.on('status', (s) => this.onStatus(facts, s)),
    ];
    this.live.set(w.id, { channel, facts, off });
    await channel.connect();
    return channel;
  }

  async stop(whatsappId: number): Promise<void> {
    const l = this.live.get(whatsappId);
    if (!l) return;
    this.live.delete(whatsappId);
    for (const off of l.off) off();
    await l.channel.disconnect();
  }

  async resumeAll(): Promise<number> {
    const rows = await this.deps.data.withSystem('boot:resume-sessions', async ({ tx }) => {
      const all = await repo.allToResume(tx);
      const out: { w: repo.WhatsappRow; queueIds: number[] }[] = [];
      for (const w of all) out.push({ w, queueIds: ((await repo.queueIdsOf(tx, w.companyId, [w.id])).get(w.id) ?? []).map((q) => q.id) });
      return out;
    });
    for (const { w, queueIds } of rows) await this.start(w, queueIds);
    return rows.length;
  }

  async stopAll(): Promise<void> {
    for (const id of [...this.live.keys()]) {
      const l = this.live.get(id)!;
      this.live.delete(id);
      for (const off of l.off) off();
      // Leave the stored status alone: the next boot resumes these sessions.
    }
  }

  private create(w: repo.WhatsappRow): WhatsAppChannel | undefined {
    if (w.provider === 'sandbox' && this.deps.sandboxEnabled) {
      return new SandboxChannel(w.id, createSandboxStore(this.deps.data, w.companyId, w.id), this.deps.sandboxTiming);
    }
    if (w.provider === 'baileys' && this.deps.baileys) {
      const { encryptionKey, socketFactory } = this.deps.baileys;
      return new BaileysChannel({ whatsappId: w.id, companyId: w.companyId, data: this.deps.data, encryptionKey, socketFactory });
    }
    return undefined;
  }

  private async onStatus(facts: ConnectionFacts, s: StatusUpdate): Promise<void> {
    await this.deps.data.withTenant({ companyId: facts.companyId }, async ({ tx, stage }) => {
      const row = await repo.setStatus(tx, facts.companyId, facts.id, s);
      if (!row) return;
      stage({
        type: 'whatsapp.session',
        companyId: facts.companyId,
        session: { id: row.id, name: row.name, status: s.status, qrcode: row.qrcode, retries: row.retries, updatedAt: row.updatedAt.toISOString() },
      });
    });
  }
}
