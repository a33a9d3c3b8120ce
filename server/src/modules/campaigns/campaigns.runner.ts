import { randomBytes } from 'node:crypto';
import { ACK, normalizePhone, renderTemplate, type CampaignSettingsDto, type WhatsappTemplateDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { DataAccess, Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { connectionQueue, type JobMeta, type JobPayloads, type Jobs } from '../../infra/jobs';
import { contactsQueries } from '../contacts';
import { queueOutbound } from '../messages';
import type { NumberHealth } from '../number-health';
import { ticketsQueries, type TicketRow } from '../tickets';
import { templateContent, whatsappQueries, whatsappWrites, type CloudAccount } from '../whatsapp';
import { AppError } from '../../infra/errors';
import * as repo from './campaigns.repository';

/** Sends a window holds at most (pg-boss fetch slows past ~10k queued jobs; decision 0235). */
export const WINDOW_MAX = 500;
/** Rows per send job when nothing paces them (interval 0), sent `SEND_CONCURRENCY` at a time. */
export const SEND_BATCH = 20;
export const SEND_CONCURRENCY = 4;
/** A new window is taken only when fewer than this many sends still wait. */
export const LOW_WATER = 250;
/** ...and fewer than this many messages wait for the connection (its send queue drains slower than we claim). */
export const CONNECTION_HIGH_WATER = 1000;

export interface RunnerOptions {
  /** A queued row whose job has not claimed it this long past its window is queued again (default 60 s). */
  staleAfterSeconds?: number;
  /** This process, as written in the ledger's `claimed_by`. */
  processId?: string;
}

/** `{nome} {email} {numero}` and the company's campaign variables `{key}` (administration.md "Campaign settings"). */
export const renderCampaignText = (text: string, facts: { name: string; email: string; number: string }, variables: CampaignSettingsDto['variables']): string => {
  const values = new Map<string, string>(variables.map((v) => [v.key, v.value]));
  values.set('nome', facts.name);
  values.set('email', facts.email);
  values.set('numero', facts.number);
  return text.replace(/\{([\p{L}\p{N}_-]+)\}/gu, (whole, key: string) => values.get(key) ?? whole);
};

const MEDIA_KIND: [RegExp, string][] = [
  [/\.(png|jpe?g|gif|webp)$/i, 'image'],
  [/\.(mp4|3gp|mov|webm)$/i, 'video'],
  [/\.(mp3|ogg|opus|m4a|aac|wav)$/i, 'audio'],
];
const mediaTypeOfName = (name: string) => MEDIA_KIND.find(([re]) => re.test(name))?.[1] ?? 'document';

/**
 * Seconds from the window's start to each of its sends, and to the next window (the spec's
 * pacing: `messageInterval` between sends; after every `longerIntervalAfter` sends,
 * `greaterInterval` instead). `sentBefore`: how many sends the campaign already dispatched.
 */
export const paceWindow = (s: Pick<CampaignSettingsDto, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>, sentBefore: number, n: number): { delays: number[]; next: number } => {
  const gap = (index: number) => (index > 0 && s.longerIntervalAfter > 0 && index % s.longerIntervalAfter === 0 ? s.greaterInterval : s.messageInterval);
  const delays: number[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) t += gap(sentBefore + i);
    delays.push(t);
  }
  return { delays, next: n === 0 ? 0 : t + gap(sentBefore + n) };
};

/** How many sends one window holds: about a minute of them, at most WINDOW_MAX. */
export const windowSize = (s: Pick<CampaignSettingsDto, 'messageInterval'>): number => (s.messageInterval <= 0 ? WINDOW_MAX : Math.max(1, Math.min(WINDOW_MAX, Math.ceil(60 / s.messageInterval))));

/** A Cloud campaign's template for a send job: Meta's approved one, or why it cannot go (undefined: not a Cloud connection). */
type CloudTemplate = { template: WhatsappTemplateDto } | { error: string } | undefined;

export const createCampaignRunner = (deps: { data: DataAccess; jobs: Jobs; clock: Clock; health: NumberHealth; templates?: Pick<CloudAccount, 'approved'>; options?: RunnerOptions }) => {
  const { data, jobs, clock, health } = deps;
  const staleAfter = deps.options?.staleAfterSeconds ?? 60;
  const me = deps.options?.processId ?? `p${process.pid}-${randomBytes(3).toString('hex')}`;

  const progress = (unit: Unit, companyId: number, campaignId: number) => unit.stage({ type: 'campaign.progress', companyId, campaignId });
  const announce = async (unit: Unit, companyId: number, campaignId: number) => {
    const row = await repo.getJoined(unit.tx, companyId, campaignId);
    if (row) unit.stage({ type: 'campaign.saved', companyId, campaign: repo.toCampaignDto(row, await repo.reportOf(unit.tx, companyId, campaignId)), created: false });
  };
  const enqueueSend = (tx: Tx, companyId: number, campaignId: number, shippingId: number, startAfterSeconds?: number) =>
    jobs.enqueue(tx, 'campaign.send', { companyId, campaignId, shippingId }, startAfterSeconds ? { startAfterSeconds } : {});

  /** Chains the next dispatch unless one already waits (so chains never multiply; decision 0235). */
  const chain = async (tx: Tx, companyId: number, campaignId: number, inSeconds: number, selfId?: string) => {
    if (await jobs.waiting(tx, 'campaign.dispatch', { campaignId }, selfId)) return;
    await jobs.enqueue(tx, 'campaign.dispatch', { companyId, campaignId }, { startAfterSeconds: Math.max(1, Math.ceil(inSeconds)) });
  };

  /**
   * One run of a campaign's dispatcher: starts a due PROGRAMADA campaign (writes its ledger),
   * hands the next window of pending rows to send jobs (paced), re-queues rows a dead process
   * left, finishes the campaign when nothing is left to send, and chains its next run.
   * Runs of one campaign take turns on its row lock.
   */
  const dispatch = async ({ companyId, campaignId }: JobPayloads['campaign.dispatch'], meta?: Pick<JobMeta, 'id'>): Promise<void> => {
    const handed = await data.withTenant({ companyId }, async (unit): Promise<boolean> => {
      const { tx } = unit;
      let c = await repo.get(tx, companyId, campaignId, 'update');
      if (!c) return false;
      const now = clock.now();
      if (c.status === 'PROGRAMADA') {
        if (!c.scheduledAt || c.scheduledAt > now) return false;
        const variants = {
          messages: [c.message1, c.message2, c.message3, c.message4, c.message5].filter((m) => m.trim() !== ''),
          confirmations: [c.confirmationMessage1, c.confirmationMessage2, c.confirmationMessage3, c.confirmationMessage4, c.confirmationMessage5].filter((m) => m.trim() !== ''),
        };
        await repo.populate(tx, c, variants);
        c = (await repo.transition(tx, companyId, campaignId, ['PROGRAMADA'], { status: 'EM_ANDAMENTO', startedAt: c.startedAt ?? now }))!;
        await announce(unit, companyId, campaignId);
      }
      if (c.status !== 'EM_ANDAMENTO') return false;
      const settings = await repo.getSettings(tx, companyId);
      const size = windowSize(settings);
      // Rows a dead process was sending: their job went with it (the claim never committed).
      const windowSpan = paceWindow(settings, 0, size).next;
      for (const id of await repo.stale(tx, companyId, campaignId, staleAfter + windowSpan, WINDOW_MAX)) await enqueueSend(tx, companyId, campaignId, id);
      const counts = await repo.statusCounts(tx, companyId, campaignId);
      const waiting = (counts.queued ?? 0) + (counts.confirmed ?? 0);
      if (!counts.pending && !waiting && !counts.held) {
        await repo.transition(tx, companyId, campaignId, ['EM_ANDAMENTO'], { status: 'FINALIZADA', completedAt: now });
        await announce(unit, companyId, campaignId);
        return false;
      }
      let next = 2;
      const connectionBusy = counts.pending ? (await jobs.backlog(tx, ['message.send', connectionQueue(c.whatsappId ?? 0)])) >= CONNECTION_HIGH_WATER : false;
      if (counts.pending && waiting < LOW_WATER && !connectionBusy) {
        const ids = await repo.takeWindow(tx, companyId, campaignId, size);
        const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
        const dispatched = total - (counts.pending ?? 0) - (counts.skipped_invalid ?? 0);
        const pace = paceWindow(settings, dispatched, ids.length);
        if (pace.next === 0) {
          // No pacing: one job per batch of rows (fewer pg-boss round trips); each row is still its own claim.
          for (let i = 0; i < ids.length; i += SEND_BATCH) {
            const [first, ...more] = ids.slice(i, i + SEND_BATCH);
            await jobs.enqueue(tx, 'campaign.send', { companyId, campaignId, shippingId: first!, more });
          }
        } else for (const [i, id] of ids.entries()) await enqueueSend(tx, companyId, campaignId, id, pace.delays[i]);
        next = Math.max(1, pace.next);
        progress(unit, companyId, campaignId);
      }
      // Heartbeat: the sweep leaves a campaign whose dispatcher is alive alone.
      await repo.update(tx, companyId, campaignId, {});
      await chain(tx, companyId, campaignId, next, meta?.id);
      return true;
    });
    if (handed) jobs.notify('campaign.send');
  };

  /** The ticket a campaign message goes on: the contact's live one on the connection, else a new closed one (decision 0236). */
  const ticketFor = async (tx: Tx, companyId: number, whatsappId: number, row: repo.ShippingRow): Promise<TicketRow | { error: string }> => {
    const number = normalizePhone(row.number);
    if (!number) return { error: 'ERR_WAPP_INVALID_CONTACT' };
    let contact = (row.contactId != null ? await contactsQueries.get(tx, companyId, row.contactId) : undefined) ?? (await contactsQueries.getByNumber(tx, companyId, number));
    if (!contact) {
      await contactsQueries.insertFromPhone(tx, companyId, [{ name: row.name || number, number, named: row.name !== '' }]);
      contact = await contactsQueries.getByNumber(tx, companyId, number);
    }
    if (!contact) return { error: 'ERR_CREATING_MESSAGE' };
    const live = await ticketsQueries.findLive(tx, companyId, contact.id, whatsappId);
    if (live) return live;
    const now = clock.now();
    const created = await ticketsQueries.insertClosed(tx, { companyId, contactId: contact.id, whatsappId }, now);
    return created ?? (await ticketsQueries.findLive(tx, companyId, contact.id, whatsappId)) ?? { error: 'ERR_CREATING_TICKET' };
  };

  /**
   * One ledger row's send step, exactly once: the claim, the gate's answer and the outbound
   * message rows (with their `message.send` jobs) commit together or not at all. A kill -9
   * before the commit leaves the row claimable; after it, the row is no longer claimable.
   */
  /**
   * On a Cloud API connection, the campaign's approved template (decision 0451), read once per send
   * job and before its transactions: Meta's list may be an HTTP call. A Graph failure is thrown (the
   * job retries); a template gone or never chosen fails the rows that would send it.
   */
  const cloudTemplate = async (companyId: number, campaignId: number): Promise<CloudTemplate> => {
    const facts = await data.withTenant({ companyId }, async ({ tx }) => {
      const c = await repo.get(tx, companyId, campaignId);
      const conn = c?.whatsappId == null ? undefined : await whatsappQueries.get(tx, companyId, c.whatsappId);
      return conn?.provider === 'cloud' ? { c: c!, conn } : undefined;
    });
    if (!facts) return undefined;
    if (!facts.c.template || !deps.templates) return { error: 'ERR_CAMPAIGN_NEEDS_TEMPLATE' };
    try {
      return { template: await deps.templates.approved(facts.conn, facts.c.template.name, facts.c.template.language) };
    } catch (err) {
      if (err instanceof AppError) return { error: err.code };
      throw err;
    }
  };

  const send = async (job: JobPayloads['campaign.send']): Promise<void> => {
    const ids = [job.shippingId, ...(job.more ?? [])];
    const cloud = await cloudTemplate(job.companyId, job.campaignId);
    let next = 0;
    const worker = async () => {
      while (next < ids.length) await sendOne({ companyId: job.companyId, campaignId: job.campaignId, shippingId: ids[next++]! }, cloud);
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, ids.length) }, worker));
  };

  const sendOne = async ({ companyId, campaignId, shippingId }: JobPayloads['campaign.send'], cloud: CloudTemplate): Promise<void> => {
    await data.withTenant({ companyId }, async (unit) => {
      const { tx } = unit;
      // Shared lock: a cancel (row lock) waits for sends in flight and is seen by later ones.
      const c = await repo.get(tx, companyId, campaignId, 'share');
      if (!c || c.whatsappId == null) return;
      const row = await repo.claim(tx, companyId, shippingId, me);
      if (!row || row.campaignId !== campaignId) return;
      const mainStep = row.confirmedAt != null || !c.confirmation;
      // The first message goes only while the campaign runs; a confirmed contact's main message also after it finished.
      if (c.status !== 'EM_ANDAMENTO' && !(mainStep && row.confirmedAt != null && c.status === 'FINALIZADA')) {
        await repo.setShipping(tx, companyId, row.id, { status: row.status === 'confirmed' ? 'confirmed' : 'pending', attempts: row.attempts - 1 });
        return;
      }
      // On Cloud the first message is the template; a confirmed contact's main message follows their reply, inside the window.
      const templateStep = cloud !== undefined && (!c.confirmation || !mainStep);
      const fail = (error: string) => {
        progress(unit, companyId, campaignId);
        return repo.setShipping(tx, companyId, row.id, { status: 'failed', failedAt: clock.now(), error });
      };
      if (templateStep && 'error' in cloud) return void (await fail(cloud.error));
      const decision = await health.admit({ companyId, whatsappId: c.whatsappId, number: row.number, kind: 'campaign', template: templateStep });
      if (!decision.ok) {
        if (decision.reason === 'window') return void (await fail('ERR_WINDOW_CLOSED'));
        if (decision.reason === 'opt-out' || !decision.retryAt) {
          await repo.setShipping(tx, companyId, row.id, { status: 'skipped_optout', holdReason: decision.reason === 'opt-out' ? row.holdReason : decision.reason });
        } else {
          await repo.setShipping(tx, companyId, row.id, { status: 'held', holdReason: decision.reason });
          await enqueueSend(tx, companyId, campaignId, row.id, Math.max(1, (decision.retryAt.getTime() - clock.now().getTime()) / 1000));
        }
        progress(unit, companyId, campaignId);
        return;
      }
      if (decision.waitMs > 0) await new Promise((r) => setTimeout(r, Math.min(decision.waitMs, 10_000)));
      const ticket = await ticketFor(tx, companyId, c.whatsappId, row);
      if ('error' in ticket) {
        await repo.setShipping(tx, companyId, row.id, { status: 'failed', failedAt: clock.now(), error: ticket.error });
        progress(unit, companyId, campaignId);
        return;
      }
      const settings = await repo.getSettings(tx, companyId);
      const facts = { name: row.name, email: row.email, number: row.number };
      let current = ticket;
      const out = async (body: string, media?: { type: string; name: string }, template?: ReturnType<typeof templateContent>) => {
        const m = await queueOutbound(unit, jobs, current, body, { automated: true, media: media ?? null, ticketAnnounced: true, ...(template ? { template } : {}) });
        current = (await ticketsQueries.get(tx, companyId, current.id)) ?? current;
        return m;
      };
      if (templateStep && 'template' in cloud && c.template) {
        // The template with the contact's facts in its variables (decision 0451); a variable left blank fails the row: Meta refuses an empty parameter.
        const variables = c.template.variables.map((v) => renderCampaignText(v, facts, settings.variables).trim());
        if (variables.some((v) => v === '')) return void (await fail('ERR_VALIDATION'));
        let content: ReturnType<typeof templateContent>;
        try {
          content = templateContent(cloud.template, { ...c.template, variables });
        } catch (err) {
          if (err instanceof AppError) return void (await fail(err.code));
          throw err;
        }
        // The plan's monthly template cap counts a campaign's templates like an agent's (decisions
        // 0414, 0476); at the cap the row fails with the code, and the ones after it fail alike.
        try {
          await whatsappWrites.countTemplateSend(tx, companyId, clock.now());
        } catch (err) {
          if (err instanceof AppError && err.code === 'ERR_TEMPLATE_SEND_CAP') return void (await fail(err.code));
          throw err;
        }
        const text = renderTemplate(cloud.template, variables);
        const m = await out(text, undefined, content);
        await repo.setShipping(
          tx,
          companyId,
          row.id,
          mainStep
            ? { status: 'sent', sentAt: clock.now(), messageId: m.id, ticketId: ticket.id, message: text }
            : { status: 'confirmation_requested', confirmationRequestedAt: clock.now(), confirmationMessageId: m.id, ticketId: ticket.id, message: row.message, confirmationMessage: text },
        );
      } else if (!mainStep) {
        const text = renderCampaignText(row.confirmationMessage, facts, settings.variables);
        const m = await out(text);
        await repo.setShipping(tx, companyId, row.id, { status: 'confirmation_requested', confirmationRequestedAt: clock.now(), confirmationMessageId: m.id, ticketId: ticket.id, message: row.message, confirmationMessage: text });
      } else {
        const text = renderCampaignText(row.message, facts, settings.variables);
        // The main message: with the campaign's file as its caption's carrier, else as text.
        const main = c.mediaPath ? await out(text, { type: mediaTypeOfName(c.mediaPath), name: c.mediaPath }) : text.trim() ? await out(text) : undefined;
        let first = main;
        if (c.fileListId != null) {
          const list = await repo.fileListOf(tx, companyId, c.fileListId);
          if (list?.message.trim()) first ??= await out(renderCampaignText(list.message, facts, settings.variables));
          for (const f of list?.files ?? []) {
            if (!f.path) continue;
            const m = await out(f.name, { type: f.mediaType && /^(image|video|audio|document)$/.test(f.mediaType) ? f.mediaType : mediaTypeOfName(f.path), name: f.path });
            first ??= m;
          }
        }
        await repo.setShipping(tx, companyId, row.id, { status: 'sent', sentAt: clock.now(), messageId: first?.id ?? null, ticketId: ticket.id, message: text });
      }
      const dto = await ticketsQueries.loadDto(tx, companyId, current.id);
      if (dto) unit.stage({ type: 'ticket.updated', companyId, ticket: dto });
      progress(unit, companyId, campaignId);
    });
  };

  /** The contact answered: their pending confirmations become confirmed and the main message is queued. */
  const confirmFrom = async (companyId: number, number: string, contactId: number): Promise<void> => {
    await data.withTenant({ companyId }, async (unit) => {
      const rows = await repo.confirm(unit.tx, companyId, number, contactId);
      for (const r of rows) {
        await enqueueSend(unit.tx, companyId, r.campaignId, r.id);
        progress(unit, companyId, r.campaignId);
      }
    });
  };

  /**
   * A main message's delivery, read or failure reaches its ledger row. Every ack of our messages
   * comes here, campaign or not: those of one company arriving in the same turn of the event loop
   * (a burst of receipts) are applied together, in order, in one transaction (a failure fails them all).
   */
  type Ack = { messageId: number; ackValue: number; error: string | null };
  const ackBursts = new Map<number, { acks: Ack[]; done: Promise<void> }>();
  const applyAcks = (companyId: number, acks: Ack[]) =>
    data.withTenant({ companyId }, async (unit) => {
      const moved = new Set<number>();
      for (const a of acks) {
        const campaignId = await repo.applyAck(unit.tx, companyId, a.messageId, a.ackValue, a.error);
        if (campaignId != null) moved.add(campaignId);
      }
      for (const campaignId of moved) progress(unit, companyId, campaignId);
    });
  const ack = (companyId: number, messageId: number, ackValue: number, error: string | null): Promise<void> => {
    if (ackValue > ACK.FAILED && ackValue < ACK.DELIVERED) return Promise.resolve();
    const open = ackBursts.get(companyId);
    if (open) {
      open.acks.push({ messageId, ackValue, error });
      return open.done;
    }
    const burst = { acks: [{ messageId, ackValue, error }], done: Promise.resolve() };
    burst.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      ackBursts.delete(companyId);
      return applyAcks(companyId, burst.acks);
    });
    ackBursts.set(companyId, burst);
    return burst.done;
  };

  /**
   * The cron sweep (and each process's start): due PROGRAMADA campaigns, and running ones whose
   * dispatcher has no run waiting (it died with its process), get a dispatch run.
   */
  const sweep = async (): Promise<number> => {
    const found = await data.withSystem('campaigns:sweep', async ({ tx }) => {
      const rows = await repo.dueOrRunning(tx, clock.now());
      let n = 0;
      for (const r of rows) {
        if (await jobs.waiting(tx, 'campaign.dispatch', { campaignId: r.id })) continue;
        await jobs.enqueue(tx, 'campaign.dispatch', { companyId: r.companyId, campaignId: r.id });
        n++;
      }
      return n;
    });
    if (found) jobs.notify('campaign.dispatch');
    return found;
  };

  return { dispatch, send, confirmFrom, ack, sweep };
};

export type CampaignRunner = ReturnType<typeof createCampaignRunner>;
