import type { DataAccess } from '../../db/tenant';
import type { JobPayloads, Jobs } from '../../infra/jobs';
import { contactsQueries } from '../contacts';
import { BoundedCache } from '../../lib/bounded-cache';
import type { JobRouting } from './job-routing';
import { ChannelError, type WhatsAppChannel } from './whatsapp.port';

type PictureJob = JobPayloads['contact.picture'];
type Channels = (whatsappId: number) => Pick<WhatsAppChannel, 'profilePicture'> | undefined;

/** server-behaviour §5.4: a contact's profile picture is looked up at most once a day. */
export const PICTURE_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Contact avatars from WhatsApp. After a customer's message the pipeline `touch`es the contact;
 * a process asks at most once a day per contact (an in-memory guard keeps the hot path free of
 * queries), the worker checks the stored `profile_pic_fetched_at` (other processes, restarts)
 * and asks the connection's channel, in the process holding its socket.
 */
export const createContactPictures = (deps: { data: DataAccess; jobs?: Pick<Jobs, 'enqueueNow'>; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  const asked = new BoundedCache(20_000, PICTURE_MAX_AGE_MS);

  const refresh = async (job: PictureJob, channelOf: Channels, forwardToOwner?: (job: PictureJob, whatsappId: number) => Promise<boolean>): Promise<void> => {
    const contact = await deps.data.withTenant({ companyId: job.companyId }, ({ tx }) => contactsQueries.get(tx, job.companyId, job.contactId));
    if (!contact || contact.isGroup) return;
    if (contact.profilePicFetchedAt && now().getTime() - contact.profilePicFetchedAt.getTime() < PICTURE_MAX_AGE_MS) return;
    const channel = channelOf(job.whatsappId);
    if (!channel && forwardToOwner && (await forwardToOwner(job, job.whatsappId))) return;
    if (!channel) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true);
    const url = (await channel.profilePicture(contact.number)) ?? '';
    await deps.data.withTenant({ companyId: job.companyId }, async ({ tx, stage }) => {
      await contactsQueries.setProfilePicture(tx, job.companyId, contact.id, url, now());
      if (url === contact.profilePicUrl) return;
      const dto = await contactsQueries.getDto(tx, job.companyId, contact.id);
      if (dto) stage({ type: 'contact.updated', companyId: job.companyId, contact: dto });
    });
  };

  return {
    /** A customer's message was stored: look the picture up unless this process did today. */
    touch(job: PictureJob): void {
      if (!deps.jobs) return;
      const key = `${job.companyId}:${job.contactId}`;
      if (asked.get(key)) return;
      asked.set(key, true);
      deps.jobs.enqueueNow('contact.picture', job).catch((err: unknown) => {
        asked.del(key);
        console.error(`contact ${job.contactId}: queueing the profile picture failed`, err);
      });
    },
    refresh,
  };
};

export type ContactPictures = ReturnType<typeof createContactPictures>;

/** Workers of `contact.picture`: the shared queue hands jobs to the socket's process. */
export const registerContactPictureJobs = async (deps: { jobs: Jobs; routing: JobRouting; pictures: ContactPictures; channelOf: Channels }) => {
  await deps.jobs.work('contact.picture', (job) => deps.pictures.refresh(job, deps.channelOf, (j, id) => deps.routing.forwardToOwner('contact.picture', j, id)));
  deps.routing.setWorker('contact.picture', (job) => deps.pictures.refresh(job, deps.channelOf));
};
