import type { DataAccess } from '../../db/tenant';
import type { JobMeta, JobPayloads, Jobs } from '../../infra/jobs';
import { ChannelError, whatsappQueries, type JobRouting, type WhatsAppChannel } from '../whatsapp';
import * as repo from './contact-lists.repository';

type CheckJob = JobPayloads['contact-list.check'];
type Channels = (whatsappId: number) => Pick<WhatsAppChannel, 'checkNumber'> | undefined;

/** Numbers checked per job run; more left: the run queues the next (a run stays well under its expiry). */
export const CHECK_BATCH = 50;

/**
 * "Is this number on WhatsApp?" for a list's unchecked items (issue 13 §3; decision 0223): asked
 * through one of the company's CONNECTED connections (the default first), in the process holding
 * its socket; a job for a socket elsewhere is handed to that connection's queue (decision 0011).
 * Each verdict is stored in `is_whatsapp_valid` and goes out as the item's update.
 */
export const createContactListCheck = (deps: {
  data: DataAccess;
  jobs: Pick<Jobs, 'enqueueNow'>;
  channelOf: Channels;
  /** Pause between two numbers on a real connection (WhatsApp frowns on bursts); the Simulador: 0. */
  pauseMs?: number;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const run = async (job: CheckJob, forwardToOwner?: (job: CheckJob, whatsappId: number) => Promise<boolean>): Promise<void> => {
    const { companyId, contactListId } = job;
    const { ids, batch } = await deps.data.withTenant({ companyId }, async ({ tx }) => ({
      ids: await whatsappQueries.connectedIds(tx, companyId),
      batch: await repo.unchecked(tx, companyId, contactListId, CHECK_BATCH),
    }));
    if (!batch.length) return;
    const local = ids.find((id) => deps.channelOf(id));
    const channel = local === undefined ? undefined : deps.channelOf(local);
    if (!channel) {
      for (const id of ids) if (forwardToOwner && (await forwardToOwner(job, id))) return;
      throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true, 'no connected connection to check numbers with');
    }
    const verdicts: { id: number; number: string; valid: boolean }[] = [];
    for (const [i, item] of batch.entries()) {
      if (i > 0 && deps.pauseMs) await pause(deps.pauseMs);
      const { exists } = await channel.checkNumber(item.number);
      verdicts.push({ id: item.id, number: item.number, valid: exists });
    }
    await deps.data.withTenant({ companyId }, async ({ tx, stage }) => {
      for (const v of verdicts) {
        const row = await repo.setValidity(tx, companyId, v.id, v.number, v.valid, now());
        if (row) stage({ type: 'contactListItem.saved', companyId, item: repo.toItemDto(row), created: false });
      }
    });
    if (batch.length === CHECK_BATCH) await deps.jobs.enqueueNow('contact-list.check', job);
  };

  return { run };
};

export type ContactListCheck = ReturnType<typeof createContactListCheck>;

/** The shared queue hands a job to the socket's process; the connection queue runs it there only. */
export const registerContactListCheckJobs = async (deps: { jobs: Jobs; routing: JobRouting; check: ContactListCheck }) => {
  await deps.jobs.work('contact-list.check', (job: CheckJob, _meta: JobMeta) => deps.check.run(job, (j, id) => deps.routing.forwardToOwner('contact-list.check', j, id)));
  deps.routing.setWorker('contact-list.check', (job) => deps.check.run(job));
};
