import { normalizeChannelPhone, type ImportPhoneContactsBody, type PhoneImportProgress } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import type { JobMeta, JobPayloads, Jobs, UnfinishedJob } from '../../infra/jobs';
import { contactsQueries } from '../contacts';
import * as book from './phone-book.repository';
import * as repo from './whatsapp.repository';

/** Address-book entries per transaction (and per progress event). */
export const IMPORT_BATCH = 200;

/** The spec allows an import from the phone up to an hour (attendance.md §9). */
const IMPORT_EXPIRE_S = 60 * 60;

const jobKey = (companyId: number) => `company-${companyId}`;

type ImportJob = JobPayloads['contact.import'];

/**
 * The phone number an address-book JID stands for, or null when it is not a person's phone:
 * a group, a broadcast list, a channel, a hidden (LID-only) entry or no valid number.
 */
export const personNumber = (jid: string): string | null => {
  const user = jid.endsWith('@s.whatsapp.net') || jid.endsWith('@c.us') ? jid.slice(0, jid.indexOf('@')).split(':')[0]! : '';
  if (!/^\d{8,15}$/.test(user)) return null;
  const number = normalizeChannelPhone(user);
  return /^\d{8,15}$/.test(number) ? number : null;
};

const startState = (job: UnfinishedJob): PhoneImportProgress['state'] => (job.state === 'active' ? 'running' : 'queued');

/**
 * `POST /contacts/import` (decision 0151): the phone's address book as the session reported it
 * (`whatsapp_phone_contacts`, kept by the channels) becomes contacts in a pg-boss job, one per
 * company at a time. The job needs no socket (the book is stored), so any process runs it.
 */
export const createPhoneImport = (deps: { data: DataAccess; jobs: Jobs }) => {
  const { data, jobs } = deps;

  /** The connection whose book is imported: the one asked for, else the default connected one, else any connected one. */
  const connectionFor = async (tx: Parameters<typeof repo.get>[0], companyId: number, whatsappId?: number) => {
    if (whatsappId !== undefined) {
      const w = await repo.get(tx, companyId, whatsappId);
      if (!w) throw new AppError('ERR_NO_WAPP_FOUND');
      return w;
    }
    const all = await repo.list(tx, companyId);
    if (!all.length) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
    const connected = all.filter((w) => w.status === 'CONNECTED');
    const w = connected.find((c) => c.isDefault) ?? connected[0];
    if (!w) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return w;
  };

  const publish = (companyId: number, progress: PhoneImportProgress) =>
    data.withTenant({ companyId }, async ({ stage }) => stage({ type: 'contact.importProgress', companyId, progress }));

  /** The last word on a job: done (total = what was looked at) or failed. */
  const finish = async (companyId: number, p: PhoneImportProgress, state: 'done' | 'failed'): Promise<PhoneImportProgress> => {
    const last = { ...p, state, total: state === 'done' ? p.done : p.total };
    await publish(companyId, last);
    return last;
  };

  return {
    /** Queues the import, or answers the one already queued or running for the company. */
    async start(ctx: Ctx, body: ImportPhoneContactsBody): Promise<PhoneImportProgress> {
      const progress = await data.withTenant(ctx, async ({ tx, stage }) => {
        const running = await jobs.unfinished(tx, 'contact.import', jobKey(ctx.companyId));
        const w = running ? undefined : await connectionFor(tx, ctx.companyId, body.whatsappId);
        const payload: ImportJob = { companyId: ctx.companyId, whatsappId: w?.id ?? (running!.data as ImportJob).whatsappId };
        const { job, created } = await jobs.enqueueOnce(tx, 'contact.import', jobKey(ctx.companyId), payload, { expireInSeconds: IMPORT_EXPIRE_S, retryLimit: 3 });
        const whatsappId = (job.data as ImportJob).whatsappId;
        const reported = job.progress as Partial<PhoneImportProgress> | null;
        const total = reported?.total ?? (await book.count(tx, ctx.companyId, whatsappId));
        const p: PhoneImportProgress = {
          jobId: job.id,
          whatsappId,
          state: startState(job),
          done: reported?.done ?? 0,
          total,
          created: reported?.created ?? 0,
          skipped: reported?.skipped ?? 0,
        };
        if (created) stage({ type: 'contact.importProgress', companyId: ctx.companyId, progress: p });
        return p;
      });
      jobs.notify('contact.import');
      return progress;
    },

    /**
     * The worker: pages through the stored book by JID; each page is one transaction creating
     * the contacts whose number is new (the others are skipped, never renamed), then one
     * progress event. A redelivered job starts over and only finds existing contacts.
     */
    async run(job: ImportJob, meta: JobMeta): Promise<PhoneImportProgress> {
      const { companyId, whatsappId } = job;
      const p: PhoneImportProgress = { jobId: meta.id ?? '', whatsappId, state: 'running', done: 0, total: 0, created: 0, skipped: 0 };
      try {
        const conn = await data.withTenant({ companyId }, async ({ tx }) => {
          const w = await repo.get(tx, companyId, whatsappId);
          if (w) p.total = await book.count(tx, companyId, whatsappId);
          return w;
        });
        if (!conn) return await finish(companyId, p, 'failed');
        const own = conn.number ? normalizeChannelPhone(conn.number) : '';
        let after = '';
        for (;;) {
          const done = await data.withTenant({ companyId }, async ({ tx, stage }) => {
            const entries = await book.page(tx, companyId, whatsappId, after, IMPORT_BATCH);
            if (!entries.length) return true;
            after = entries[entries.length - 1]!.jid;
            const rows = new Map<string, { name: string; number: string; named: boolean }>();
            for (const e of entries) {
              const number = personNumber(e.jid);
              // Not a person's phone, ourselves, or the same number twice in the book.
              if (!number || number === own || rows.has(number)) continue;
              rows.set(number, { number, name: e.name || number, named: !!e.name });
            }
            const made = await contactsQueries.insertFromPhone(tx, companyId, [...rows.values()]);
            for (const c of made) stage({ type: 'contact.created', companyId, contact: contactsQueries.toContactDto(c) });
            p.done += entries.length;
            p.created += made.length;
            p.skipped += entries.length - made.length;
            p.total = Math.max(p.total, p.done);
            stage({ type: 'contact.importProgress', companyId, progress: { ...p } });
            return entries.length < IMPORT_BATCH;
          });
          if (meta.id) await jobs.setProgress('contact.import', meta.id, p);
          if (done) break;
        }
        return await finish(companyId, p, 'done');
      } catch (err) {
        // The last attempt tells the page; earlier ones are retried by pg-boss.
        if (meta.retryCount >= meta.retryLimit) await finish(companyId, p, 'failed').catch(() => undefined);
        throw err;
      }
    },
  };
};

export type PhoneImport = ReturnType<typeof createPhoneImport>;
