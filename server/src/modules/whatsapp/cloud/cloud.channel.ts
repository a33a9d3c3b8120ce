/**
 * The WhatsApp Cloud API adapter (Meta's official API; issue 29): one connection's number
 * (`phoneNumberId`) spoken to over HTTPS with its access token. There is no socket: "connected"
 * means the token reads the number; sends are Graph calls; what customers send and the statuses of
 * our messages arrive by webhook (`receive`), which the webhook route verifies and routes here.
 * Failures are decided by the failure policy's Cloud table (`decideOnCloudError`).
 */
import { normalizeChannelPhone } from '@balcao/shared';
import {
  ChannelEmitter,
  ChannelError,
  type ChannelEvents,
  type ChannelListener,
  type OutboundContent,
  type Presence,
  type SentRef,
  type WhatsAppChannel,
} from '../whatsapp.port';
import type { CloudIds } from './cloud-ids';
import { CloudCallError, graphJson, graphRequest, MAX_MEDIA_BYTES, type GraphApi } from './graph-client';
import { toCloudMessage } from './map-outbound';
import { mapCloudChange, type CloudChangeValue } from './map-inbound';

export interface CloudChannelOptions {
  whatsappId: number;
  phoneNumberId: string;
  api: GraphApi;
  ids: CloudIds;
}

/** What we keep of a send as the message's `raw`: the wamid, and the body that went. */
export interface CloudRaw {
  cloud: { wamid: string; message?: Record<string, unknown>; mediaId?: string };
}

export const cloudRawOf = (raw: unknown): CloudRaw['cloud'] | undefined => {
  const c = (raw as Partial<CloudRaw> | null)?.cloud;
  return c && typeof c.wamid === 'string' ? c : undefined;
};

export class CloudChannel implements WhatsAppChannel {
  readonly whatsappId: number;
  private readonly emitter = new ChannelEmitter();
  private live = false;
  /** `disconnect()` was called: this channel hears nothing more (a dead token alone does not stop inbound). */
  private stopped = false;

  constructor(private readonly opts: CloudChannelOptions) {
    this.whatsappId = opts.whatsappId;
  }

  on<E extends keyof ChannelEvents>(event: E, listener: ChannelListener<E>): () => void {
    return this.emitter.on(event, listener);
  }

  /** Reads the number with the token: CONNECTED with its digits, or DISCONNECTED with why. */
  async connect(): Promise<void> {
    this.stopped = false;
    try {
      const info = await graphJson<{ display_phone_number?: string }>(this.opts.api, { method: 'GET', path: `${this.opts.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating` }, 'ERR_WAPP_NOT_INITIALIZED');
      this.live = true;
      await this.emitter.emit('status', { status: 'CONNECTED', qrcode: '', number: normalizeChannelPhone((info.display_phone_number ?? '').replace(/\D/g, '')) });
    } catch (err) {
      if (err instanceof CloudCallError && err.decision.disconnect) await this.failed(err, true);
      else await this.emitter.emit('status', { status: 'DISCONNECTED', qrcode: '' });
    }
  }

  async disconnect(): Promise<void> {
    this.stopped = true;
    if (!this.live) return;
    this.live = false;
    await this.emitter.emit('status', { status: 'DISCONNECTED', qrcode: '' });
  }

  async send(to: string, content: OutboundContent, opts: { id: string }): Promise<SentRef> {
    this.assertLive();
    let mediaId: string | undefined;
    const message = await this.call(async () =>
      toCloudMessage(to, content, opts.id, {
        upload: async (file) => (mediaId = await this.upload(file)),
        wamidOf: async (id) => (await this.opts.ids.wamidOf(id)) ?? id,
      }),
    );
    const answer = await this.call(() => graphJson<{ messages?: { id?: string }[] }>(this.opts.api, { method: 'POST', path: `${this.opts.phoneNumberId}/messages`, json: message }, 'ERR_SENDING_WAPP_MSG'));
    const wamid = answer.messages?.[0]?.id;
    if (!wamid) throw new ChannelError('ERR_SENDING_WAPP_MSG', true, 'the Cloud API answered without a message id');
    await this.opts.ids.remember(opts.id, wamid);
    const raw: CloudRaw = { cloud: { wamid, message, ...(mediaId ? { mediaId } : {}) } };
    return { id: opts.id, raw };
  }

  /** A verified webhook change for this number (the `cloud.webhook` job hands it here): its events, in Meta's order. */
  async receive(value: CloudChangeValue): Promise<void> {
    // Stopped here: the job is retried and reaches the channel that runs next (customers' messages
    // need no token, so a connection whose token died still takes them).
    if (this.stopped) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true, 'the Cloud connection was stopped here');
    for (const e of await mapCloudChange(value, (wamid) => this.opts.ids.ourIdOf(wamid))) {
      if (e.type === 'message') await this.emitter.emit('message', e.message);
      else if (e.type === 'reaction') await this.emitter.emit('reaction', e.reaction);
      else if (e.type === 'identityChange') await this.emitter.emit('identityChange', e.change);
      else await this.emitter.emit('ack', e.ack);
    }
  }

  /** Calls are not ours to refuse on the Cloud API (its Calling API is another product). */
  async rejectCall(): Promise<void> {}

  /** A customer's media by its Cloud media id: its short-lived URL, then the bytes with the token. */
  async downloadMedia(message: { id: string; raw: unknown }): Promise<Buffer> {
    this.assertLive('ERR_WAPP_DOWNLOAD_MEDIA');
    const mediaId = (message.raw as { cloud?: { mediaId?: unknown } } | null)?.cloud?.mediaId;
    if (typeof mediaId !== 'string') throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, `no Cloud media id on ${message.id}`);
    // The URL lives 5 minutes: a second lookup covers one that expired between the two calls.
    for (let attempt = 1; ; attempt++) {
      const { url } = await this.call(() => graphJson<{ url?: string }>(this.opts.api, { method: 'GET', path: mediaId }, 'ERR_WAPP_DOWNLOAD_MEDIA'));
      if (!url) throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', true, `no URL for media ${mediaId}`);
      try {
        const answer = await this.call(() => graphRequest(this.opts.api, { method: 'GET', path: url, maxBytes: MAX_MEDIA_BYTES }, 'ERR_WAPP_DOWNLOAD_MEDIA'));
        return answer.body;
      } catch (err) {
        if (attempt >= 2 || !(err instanceof ChannelError) || err.temporary) throw err;
      }
    }
  }

  /** The Cloud API's typing indicator needs a message to answer; presence is not sent. */
  async sendPresence(_to: string, _presence: Presence): Promise<void> {}

  async markRead(_from: string, ids: string[]): Promise<void> {
    this.assertLive();
    for (const id of ids) {
      await this.call(() => graphJson(this.opts.api, { method: 'POST', path: `${this.opts.phoneNumberId}/messages`, json: { messaging_product: 'whatsapp', status: 'read', message_id: id } }, 'ERR_SENDING_WAPP_MSG'));
    }
  }

  /** The Cloud API has no "is this number on WhatsApp": a send to one that is not fails (131026). */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    return { exists: true, number: number.replace(/\D/g, '') };
  }

  /** Profile pictures are not given to businesses by the Cloud API. */
  async profilePicture(): Promise<string | undefined> {
    return undefined;
  }

  private async upload(file: { bytes: Buffer; mimetype: string; fileName: string }): Promise<string> {
    const { id } = await graphJson<{ id?: string }>(
      this.opts.api,
      { method: 'POST', path: `${this.opts.phoneNumberId}/media`, multipart: { fields: { messaging_product: 'whatsapp', type: file.mimetype }, file } },
      'ERR_SENDING_WAPP_MSG',
    );
    if (!id) throw new ChannelError('ERR_SENDING_WAPP_MSG', true, 'the Cloud API answered an upload without a media id');
    return id;
  }

  private assertLive(code: 'ERR_WAPP_NOT_INITIALIZED' | 'ERR_WAPP_DOWNLOAD_MEDIA' = 'ERR_WAPP_NOT_INITIALIZED'): void {
    if (!this.live) throw new ChannelError(code === 'ERR_WAPP_DOWNLOAD_MEDIA' ? code : 'ERR_WAPP_NOT_INITIALIZED', true, 'the Cloud connection is not connected');
  }

  /** A call whose failure may mean the connection cannot go on (a dead token): then DISCONNECTED and the admins told. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      await this.failed(err);
      throw err;
    }
  }

  /** A dead token (or a banned number) ends the connection: DISCONNECTED once, with the admins' alert. */
  private async failed(err: unknown, connecting = false): Promise<void> {
    if (!(err instanceof CloudCallError) || !err.decision.disconnect || (!this.live && !connecting)) return;
    this.live = false;
    await this.emitter.emit('status', { status: 'DISCONNECTED', qrcode: '', alert: { kind: err.decision.disconnect, code: err.graphCode ?? null, reason: err.decision.reason } });
  }
}
