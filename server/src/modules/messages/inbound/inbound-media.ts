import pLimit from 'p-limit';
import type { DataAccess, Unit } from '../../../db/tenant';
import type { JobPayloads, Jobs } from '../../../infra/jobs';
import type { MediaStore } from '../../../infra/media-store';
import { ticketsQueries } from '../../tickets';
import { ChannelError, type JobRouting, type WhatsAppChannel } from '../../whatsapp';
import * as messagesRepo from '../messages.repository';

export type MediaJob = JobPayloads['media.download'];

/** Downloads held in memory at once: a burst of videos must not hold them all (the rest wait). */
const MAX_DOWNLOADS_AT_RECEIPT = 4;

type Downloader = Pick<WhatsAppChannel, 'downloadMedia'>;

export const MEDIA_ERROR = 'ERR_WAPP_DOWNLOAD_MEDIA';

/**
 * The job enqueued with every media message (in the ingest transaction) runs this long after:
 * it finds the file already there unless the process died before the download at receipt
 * finished. Long enough for a large video over a slow link, short enough for a person waiting.
 */
export const MEDIA_SAFETY_NET_SECONDS = 300;

/**
 * Inbound media (server-behaviour §5 step 6): downloaded right after the message is stored,
 * saved in the media store, `media_url` set and `message.updated` emitted. A failure keeps the
 * message with `ERR_WAPP_DOWNLOAD_MEDIA` and a `media.download` job tries again later through
 * the channel of the process that owns the connection (the raw message is stored with the row).
 */
export const createInboundMedia = (deps: { data: DataAccess; media: MediaStore; jobs?: Jobs }) => {
  const { data, media, jobs } = deps;

  const stageUpdated = async ({ tx, stage }: Unit, companyId: number, row: messagesRepo.MessageRow) => {
    const ticket = await ticketsQueries.loadDto(tx, companyId, row.ticketId);
    if (ticket) stage({ type: 'message.updated', companyId, message: (await messagesRepo.withQuoted(tx, companyId, [row]))[0]!, ticket });
  };

  /** Downloads and saves; false when the message already has its file (or is gone). */
  const fetch = async (job: MediaJob, channel: Downloader, ref: { id: string; raw: unknown }): Promise<boolean> => {
    const bytes = await channel.downloadMedia(ref);
    const name = await media.save(job.companyId, bytes, { mimetype: job.mimetype, ...(job.fileName ? { fileName: job.fileName } : {}) });
    return data.withTenant({ companyId: job.companyId }, async (unit) => {
      const row = await messagesRepo.setMediaUrl(unit.tx, job.companyId, job.messageId, name, bytes.length);
      if (row) await stageUpdated(unit, job.companyId, row);
      return !!row;
    });
  };

  /** Records the failure on the message; with `retry`, queues the job in the same transaction. */
  const fail = async (job: MediaJob, retry: boolean): Promise<void> => {
    await data.withTenant({ companyId: job.companyId }, async (unit) => {
      const row = await messagesRepo.setMediaError(unit.tx, job.companyId, job.messageId, MEDIA_ERROR);
      if (row) await stageUpdated(unit, job.companyId, row);
      if (retry && jobs) await jobs.enqueue(unit.tx, 'media.download', job);
    });
    if (retry) jobs?.notify('media.download');
  };

  const retryable = (err: unknown) => !(err instanceof ChannelError) || err.temporary;

  /** The download at receipt: one try; never throws (the message is stored whatever happens here). */
  const atReceipt = async (job: MediaJob, channel: Downloader, ref: { id: string; raw: unknown }): Promise<void> => {
    try {
      await fetch(job, channel, ref);
    } catch (err) {
      console.error(`message ${job.messageId}: media download failed, retrying in a job`, err);
      await fail(job, retryable(err)).catch((e: unknown) => console.error(`message ${job.messageId}: recording the media failure failed`, e));
    }
  };
  /** Downloads at receipt running or waiting for a slot. */
  const downloads = new Set<Promise<void>>();
  // The others wait in arrival order (p-limit's queue).
  const slots = pLimit(MAX_DOWNLOADS_AT_RECEIPT);

  return {
    /** Starts the download at receipt in the background, so the connection's next events are not held up. */
    startAtReceipt(job: MediaJob, channel: Downloader, ref: { id: string; raw: unknown }): void {
      const p = slots(() => atReceipt(job, channel, ref));
      downloads.add(p);
      void p.finally(() => downloads.delete(p));
    },

    /** Resolves once every download at receipt started so far has finished (saved or failed). */
    async idle(): Promise<void> {
      while (downloads.size) await Promise.all([...downloads]);
    },

    /**
     * The `media.download` worker's body. `channelOf` gives this process's channel of the
     * connection (none: another process owns it, so the job fails here and pg-boss retries).
     */
    async retry(
      job: MediaJob,
      channelOf: (whatsappId: number) => Downloader | undefined,
      meta: { retryCount: number; retryLimit: number },
      forwardToOwner?: (job: MediaJob, whatsappId: number) => Promise<boolean>,
    ): Promise<void> {
      const row = await data.withTenant({ companyId: job.companyId }, ({ tx }) => messagesRepo.get(tx, job.companyId, job.messageId));
      if (!row || row.mediaUrl) return;
      const channel = channelOf(row.whatsappId);
      // The socket lives in another process (decision 0011): its own queue takes the job.
      if (!channel && forwardToOwner && (await forwardToOwner(job, row.whatsappId))) return;
      try {
        if (!channel) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true, `connection ${row.whatsappId} is not live in this process`);
        await fetch(job, channel, { id: row.waMessageId, raw: row.raw });
      } catch (err) {
        await fail(job, false);
        if (meta.retryCount >= meta.retryLimit || !retryable(err)) return;
        throw err;
      }
    },
  };
};

export type InboundMediaFetcher = ReturnType<typeof createInboundMedia>;

/**
 * The workers of `media.download` jobs (app.ts wires them with the session manager's channels):
 * the shared queue hands jobs to the owning process; a connection's own queue never does.
 */
export const registerMediaJobs = async (deps: { data: DataAccess; jobs: Jobs; media: MediaStore; channelOf: (whatsappId: number) => Downloader | undefined; routing?: JobRouting }) => {
  const inboundMedia = createInboundMedia(deps);
  const { routing } = deps;
  const forward = routing ? (job: MediaJob, id: number) => routing.forwardToOwner('media.download', job, id) : undefined;
  await deps.jobs.work('media.download', (job, meta) => inboundMedia.retry(job, deps.channelOf, meta, forward));
  routing?.setWorker('media.download', (job, meta) => inboundMedia.retry(job, deps.channelOf, meta));
};
