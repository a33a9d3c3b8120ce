import { ACK } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { DataAccess } from '../../db/tenant';
import type { JobMeta, JobPayloads, Jobs } from '../../infra/jobs';
import type { MessageAction } from './messages.job-types';
import type { MediaStore } from '../../infra/media-store';
import { ChannelError, whatsappQueries, type JobRouting, type OutboundContent, type SentRef, type SessionManager } from '../whatsapp';
import type { Clock } from '../../infra/clock';
import { customerWindow } from './customer-window';
import { contactsQueries } from '../contacts';
import { ticketsQueries } from '../tickets';
import * as repo from './messages.repository';
import { newWaMessageId } from './outbound';
import { sendFailure, toOutboundContent } from './outbound-content';

/**
 * What WhatsApp is told for an action on a stored message, from the row as it is now (so a
 * retry, or two quick edits, send the latest state); undefined: nothing left to send.
 * A message of ours not yet on WhatsApp (ack 0) cannot be edited or deleted there yet: the
 * caller retries until its send went through.
 */
export const actionContent = (m: repo.MessageRow, action: MessageAction): OutboundContent | undefined => {
  const target = { id: m.waMessageId, fromMe: m.fromMe };
  if (action === 'react') return { kind: 'reaction', target, emoji: m.reactions.find((r) => r.fromMe)?.emoji ?? '' };
  if (!m.fromMe || m.ack < 0) return undefined;
  if (m.ack === 0) throw new ChannelError('ERR_SENDING_WAPP_MSG', true, `message ${m.id} is not on WhatsApp yet`);
  if (action === 'revoke') return m.isDeleted ? { kind: 'revoke', target } : undefined;
  return m.isDeleted ? undefined : { kind: 'edit', target, text: m.body };
};

/** A send that found no session: WhatsApp never had the message (Baileys throws it before any socket call). */
const NEVER_HANDED = 'ERR_WAPP_NOT_INITIALIZED';

/** The longest "composing" before one message: a conversation may not hold its connection's sends for minutes (decision 0198). */
export const MAX_COMPOSE_MS = 10_000;

export interface SendWorkerDeps {
  data: DataAccess;
  sessions: Pick<SessionManager, 'sender'>;
  media: Pick<MediaStore, 'withFile'>;
  /**
   * Shared-queue workers only: hands a job whose socket lives in another process to that
   * connection's queue (true), or says it is live nowhere (false). Connection-queue workers
   * have none, so a job never bounces between processes while a lease moves.
   */
  forwardToOwner?: (data: JobPayloads['message.send'], whatsappId: number) => Promise<boolean>;
  /** The pause while "composing" shows (tests pass a recorder). */
  wait?: (ms: number) => Promise<void>;
  /**
   * Puts a send back for a moment while an earlier message of its ticket is still unsent, so a
   * ticket's messages reach the phone in order (issue 28 §5). Without it the worker sends at once.
   */
  requeue?: (data: JobPayloads['message.send']) => Promise<void>;
  /**
   * After a background send (a timer's notice), the worker rests as long as the send took,
   * unless another send waits (decision 0316). Without it (tests, the default), no rest.
   */
  background?: { othersWaiting: () => Promise<boolean>; rest?: (ms: number) => Promise<void> };
  /** The Cloud window's clock for a reply moved to its ticket's fallback (decision 0413); without it nothing is moved. */
  clock?: Clock;
}

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The send worker: delivers a stored outgoing message through its connection's channel.
 * Idempotent: a message already past ack 0 is not sent again, and the channel receives our own
 * id, so a retry after a crash between send and ack cannot show twice on the customer's phone.
 * A permanent ChannelError fails the message at once (ack -1 + its code, no retry); a temporary
 * one is retried by pg-boss, and fails the message after the last retry.
 */
export const createSendWorker = (deps: SendWorkerDeps) => {
  const withRow = (companyId: number, fn: (tx: Tx) => Promise<repo.MessageRow | undefined>) =>
    deps.data.withTenant({ companyId }, async ({ tx, stage }) => {
      const row = await fn(tx);
      if (!row) return;
      const ticket = await ticketsQueries.loadDto(tx, companyId, row.ticketId);
      if (ticket) stage({ type: 'message.updated', companyId, message: repo.toMessageDto(row), ticket });
    });

  const sent = (companyId: number, m: repo.MessageRow, ref: SentRef) =>
    withRow(companyId, async (tx) => {
      await repo.setSent(tx, companyId, m.whatsappId, m.waMessageId, ref.raw);
      return repo.applyAck(tx, companyId, m.whatsappId, m.waMessageId, ACK.SERVER);
    });

  const failed = (companyId: number, m: repo.MessageRow, code: string, giveUp: boolean) =>
    withRow(companyId, (tx) => {
      if (giveUp) return repo.applyAck(tx, companyId, m.whatsappId, m.waMessageId, ACK.FAILED, code);
      // "Never reached WhatsApp" (ERR_WAPP_NOT_INITIALIZED) never hides an earlier attempt that may have (decision 0413).
      if (code === NEVER_HANDED && m.errorCode && m.errorCode !== NEVER_HANDED) return Promise.resolve(undefined);
      return repo.setSendError(tx, companyId, m.whatsappId, m.waMessageId, code);
    });

  /**
   * Failover of a queued reply (decision 0413): an agent's message whose every attempt found its
   * session down (so WhatsApp never had it) moves to the ticket's Cloud fallback, when that one is
   * up and the customer's window on it is open; the worker then puts it back on the shared queue
   * to go out there. Anything that may have reached WhatsApp stays with its session.
   */
  const movedToFallback = (companyId: number, m: repo.MessageRow) =>
    deps.data.withTenant({ companyId }, async ({ tx, stage }) => {
      if (!deps.clock || m.userId === null || m.automated || (m.errorCode !== null && m.errorCode !== NEVER_HANDED)) return false;
      const t = await ticketsQueries.get(tx, companyId, m.ticketId);
      if (!t || t.whatsappId !== m.whatsappId) return false;
      const carrier = await whatsappQueries.replyCarrier(tx, companyId, t.whatsappId);
      if (!carrier || carrier.id === m.whatsappId || !(await customerWindow(tx, deps.clock, t, carrier))?.open) return false;
      const moved = await repo.moveToCarrier(tx, companyId, m.id, m.whatsappId, carrier.id);
      if (!moved) return false;
      const ticket = await ticketsQueries.loadDto(tx, companyId, moved.ticketId);
      if (ticket) stage({ type: 'message.updated', companyId, message: repo.toMessageDto(moved), ticket });
      return true;
    });

  /** Our edit, delete or reaction: a permanent failure (or the last retry) records its code on the message. */
  const act = async ({ companyId, messageId, action }: Required<Pick<JobPayloads['message.send'], 'companyId' | 'messageId' | 'action'>>, meta: JobMeta): Promise<void> => {
    const job = await deps.data.withTenant({ companyId }, async ({ tx }) => {
      const m = await repo.get(tx, companyId, messageId);
      const contact = m?.contactId ? await contactsQueries.get(tx, companyId, m.contactId) : undefined;
      return m ? { m, to: contact?.number ?? '' } : null;
    });
    if (!job) return;
    const channel = deps.sessions.sender(job.m.whatsappId);
    if (!channel && deps.forwardToOwner && (await deps.forwardToOwner({ companyId, messageId, action }, job.m.whatsappId))) return;
    try {
      if (!channel) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true);
      const content = actionContent(job.m, action);
      if (content) await channel.send(job.to, content, { id: newWaMessageId() });
    } catch (err) {
      const f = sendFailure(err, meta);
      if (!f.giveUp) throw err;
      const code = action === 'revoke' && f.code === 'ERR_SENDING_WAPP_MSG' ? 'ERR_DELETE_WAPP_MSG' : f.code;
      await withRow(companyId, (tx) => repo.setActionError(tx, companyId, messageId, code));
    }
  };

  const deliver = async (data: JobPayloads['message.send'], meta: JobMeta): Promise<boolean> => {
    const { companyId, messageId } = data;
    const composeMs = Math.min(Math.max(0, data.composeMs ?? 0), MAX_COMPOSE_MS);
    const job = await deps.data.withTenant({ companyId }, async ({ tx }) => {
      const m = await repo.get(tx, companyId, messageId);
      if (!m || !m.fromMe || m.ack > ACK.PENDING) return null;
      if (deps.requeue && (await repo.earlierUnsent(tx, m))) return 'later' as const;
      const contact = m.contactId ? await contactsQueries.get(tx, companyId, m.contactId) : undefined;
      const quoted = m.quotedMsgId ? await repo.get(tx, companyId, m.quotedMsgId) : undefined;
      // A quote names a message by its id on the number that carried it: a reply carried by a
      // ticket's Cloud fallback cannot quote what came through its Baileys session (decision 0412).
      return { m, to: contact?.number ?? '', quoted: quoted?.whatsappId === m.whatsappId ? quoted : undefined };
    });
    if (!job) return false;
    if (job === 'later') {
      await deps.requeue!(data);
      return false;
    }
    const { m } = job;
    // A real connection's socket lives in one process (decision 0011): elsewhere, hand the job over.
    const channel = deps.sessions.sender(m.whatsappId);
    const forwarded = { companyId, messageId, ...(composeMs ? { composeMs } : {}), ...(data.background ? { background: true } : {}) };
    if (!channel && deps.forwardToOwner && (await deps.forwardToOwner(forwarded, m.whatsappId))) return false;
    let ref: SentRef;
    try {
      if (!channel) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true);
      const sendFrom = async (mediaPath: string | undefined) => {
        const content = toOutboundContent(m, job.quoted, mediaPath);
        if (composeMs) {
          // Typebot's delay: the customer sees "digitando…", then the message (a presence that fails is only cosmetic).
          await channel.sendPresence(job.to, 'composing').catch(() => undefined);
          await (deps.wait ?? pause)(composeMs);
        }
        const sentRef = await channel.send(job.to, content, { id: m.waMessageId });
        if (composeMs) await channel.sendPresence(job.to, 'paused').catch(() => undefined);
        return sentRef;
      };
      // The channel sends from a local file: the store's own, or the object spooled for this send (decision 0385).
      ref = m.mediaUrl && m.mediaType ? await deps.media.withFile(companyId, m.mediaUrl, sendFrom) : await sendFrom(undefined);
    } catch (err) {
      const f = sendFailure(err, meta);
      if (f.code === NEVER_HANDED && deps.requeue && (await movedToFallback(companyId, m))) {
        await deps.requeue(forwarded);
        return false;
      }
      await failed(companyId, m, f.code, f.giveUp);
      if (f.giveUp) return false;
      throw err;
    }
    await sent(companyId, m, ref);
    return true;
  };

  return async (data: JobPayloads['message.send'], meta: JobMeta): Promise<void> => {
    if (data.action) return act({ ...data, action: data.action }, meta);
    const started = performance.now();
    const delivered = await deliver(data, meta);
    // A timer run's notices (up to 1000 at once) need not go out flat out: between them the worker
    // rests as long as each took, leaving the CPU to requests (as the timers do, decision 0174) —
    // but never while another send waits, which then goes out as soon as it would have.
    const bg = deps.background;
    if (!delivered || !data.background || !bg) return;
    const took = performance.now() - started - (data.composeMs ?? 0);
    if (took > 0 && !(await bg.othersWaiting())) await (bg.rest ?? pause)(took);
  };
};

/** The shared queue forwards to owners; each owner works its connections' queues (whatsapp/job-routing.ts). */
export const registerMessageJobs = async (deps: SendWorkerDeps & { jobs: Jobs; routing: JobRouting }) => {
  const background = deps.background ?? { othersWaiting: () => deps.jobs.foregroundWaiting('message.send') };
  // Back on the shared queue in a second (it reaches the connection's owner from there); the job
  // completes only after, so a crash in between is pg-boss's retry of it, never a lost send.
  // Each wait longer than the last (1, 2, 4 … 30 s): an earlier file whose send is being retried may take minutes.
  const requeue = (data: JobPayloads['message.send']) => {
    const waited = (data.waited ?? 0) + 1;
    return deps.jobs.enqueueNow('message.send', { ...data, waited }, { startAfterSeconds: Math.min(2 ** (waited - 1), 30), asQueued: true });
  };
  await deps.jobs.work('message.send', createSendWorker({ ...deps, background, requeue, forwardToOwner: (data, id) => deps.routing.forwardToOwner('message.send', data, id) }));
  deps.routing.setWorker('message.send', createSendWorker({ ...deps, background, requeue, forwardToOwner: undefined }));
};
