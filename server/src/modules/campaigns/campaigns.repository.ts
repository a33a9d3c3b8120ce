import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignDto, type CampaignReport, type CampaignSettingsDto, type CampaignStatus, type CampaignVariable } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { countWhere, likeOf, offsetPage } from '../../db/paging';
import { contactLists } from '../contact-lists/contact-lists.table';
import { fileLists, fileOptions } from '../files/files.table';
import { tags } from '../tags/tags.table';
import { whatsapps } from '../whatsapp/whatsapp.table';
import { campaigns, campaignSettings, campaignShipping } from './campaigns.table';

export type CampaignRow = typeof campaigns.$inferSelect;
export type ShippingRow = typeof campaignShipping.$inferSelect;

/** One page of the /campaigns table. */
export const CAMPAIGN_PAGE_SIZE = 20;

/**
 * Ledger statuses (decision 0232). `pending`: not yet handed to a send job; `queued`: a send job
 * holds it; `held`: the number-health gate delayed it (a job waits for `retryAt`); `confirmed`:
 * the contact answered the confirmation, the main message is queued. Final for a send step:
 * `confirmation_requested`, `sent`, `failed`, `skipped_invalid`, `skipped_optout`.
 */
export type ShippingStatus = 'pending' | 'queued' | 'held' | 'confirmation_requested' | 'confirmed' | 'sent' | 'failed' | 'skipped_invalid' | 'skipped_optout';

const emptyReport = (): CampaignReport => ({
  planned: 0,
  sent: 0,
  confirmationRequested: 0,
  confirmed: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skippedInvalid: 0,
  skippedOptOut: 0,
  held: 0,
  holds: {},
  delayed: 0,
  delays: {},
  done: 0,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Named = { id: number; name: string } | null;
export type CampaignJoined = CampaignRow & { whatsapp: Named; contactList: Named; tag: Named; fileList: Named };

export const toCampaignDto = (r: CampaignJoined, report: CampaignReport = emptyReport()): CampaignDto => ({
  id: r.id,
  name: r.name,
  message1: r.message1,
  message2: r.message2,
  message3: r.message3,
  message4: r.message4,
  message5: r.message5,
  confirmationMessage1: r.confirmationMessage1,
  confirmationMessage2: r.confirmationMessage2,
  confirmationMessage3: r.confirmationMessage3,
  confirmationMessage4: r.confirmationMessage4,
  confirmationMessage5: r.confirmationMessage5,
  status: r.status as CampaignStatus,
  confirmation: r.confirmation,
  scheduledAt: iso(r.scheduledAt),
  startedAt: iso(r.startedAt),
  completedAt: iso(r.completedAt),
  whatsappId: r.whatsappId,
  whatsapp: r.whatsapp,
  contactListId: r.contactListId,
  contactList: r.contactList,
  tagListId: r.tagListId,
  tag: r.tag,
  fileListId: r.fileListId,
  fileList: r.fileList,
  companyId: r.companyId,
  mediaPath: r.mediaPath || null,
  mediaName: r.mediaName || null,
  template: r.template ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  report,
});

const ofCompany = (companyId: number) => eq(campaigns.companyId, companyId);

/** The campaign rows with the names the table shows (connection, list, tag, file list). */
const joined = (tx: Tx) =>
  tx
    .select({
      c: campaigns,
      whatsappName: whatsapps.name,
      contactListName: contactLists.name,
      tagName: tags.name,
      fileListName: fileLists.name,
    })
    .from(campaigns)
    .leftJoin(whatsapps, and(eq(whatsapps.companyId, campaigns.companyId), eq(whatsapps.id, campaigns.whatsappId)))
    .leftJoin(contactLists, and(eq(contactLists.companyId, campaigns.companyId), eq(contactLists.id, campaigns.contactListId)))
    .leftJoin(tags, and(eq(tags.companyId, campaigns.companyId), eq(tags.id, campaigns.tagListId)))
    .leftJoin(fileLists, and(eq(fileLists.companyId, campaigns.companyId), eq(fileLists.id, campaigns.fileListId)));

type JoinedSel = { c: CampaignRow; whatsappName: string | null; contactListName: string | null; tagName: string | null; fileListName: string | null };
const flatten = (r: JoinedSel): CampaignJoined => ({
  ...r.c,
  whatsapp: r.c.whatsappId != null && r.whatsappName != null ? { id: r.c.whatsappId, name: r.whatsappName } : null,
  contactList: r.c.contactListId != null && r.contactListName != null ? { id: r.c.contactListId, name: r.contactListName } : null,
  tag: r.c.tagListId != null && r.tagName != null ? { id: r.c.tagListId, name: r.tagName } : null,
  fileList: r.c.fileListId != null && r.fileListName != null ? { id: r.c.fileListId, name: r.fileListName } : null,
});

export const getJoined = async (tx: Tx, companyId: number, id: number): Promise<CampaignJoined | undefined> => {
  const [r] = await joined(tx).where(and(ofCompany(companyId), eq(campaigns.id, id))).limit(1);
  return r ? flatten(r) : undefined;
};

export const get = async (tx: Tx, companyId: number, id: number, lock?: 'update' | 'share'): Promise<CampaignRow | undefined> => {
  const q = tx.select().from(campaigns).where(and(ofCompany(companyId), eq(campaigns.id, id))).limit(1);
  return (await (lock ? q.for(lock) : q))[0];
};

export const page = async (tx: Tx, companyId: number, q: { searchParam?: string; pageNumber: number }) => {
  const conds: SQL[] = [ofCompany(companyId)];
  if (q.searchParam) {
    conds.push(sql`lower(${campaigns.name}) like ${likeOf(q.searchParam.toLowerCase())}`);
  }
  const where = and(...conds);
  const found = await offsetPage(joined(tx).where(where).orderBy(desc(campaigns.id)).$dynamic(), q.pageNumber, CAMPAIGN_PAGE_SIZE, () => countWhere(tx, campaigns, where));
  return { ...found, rows: found.rows.map(flatten) };
};

export const insert = async (tx: Tx, data: typeof campaigns.$inferInsert): Promise<CampaignRow> => (await tx.insert(campaigns).values(data).returning())[0]!;

export const update = async (tx: Tx, companyId: number, id: number, patch: Partial<typeof campaigns.$inferInsert>): Promise<CampaignRow | undefined> =>
  (
    await tx
      .update(campaigns)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(ofCompany(companyId), eq(campaigns.id, id)))
      .returning()
  )[0];

/** A status change only from one of `from` (the row lock makes concurrent changes take turns). */
export const transition = async (tx: Tx, companyId: number, id: number, from: CampaignStatus[], patch: Partial<typeof campaigns.$inferInsert>): Promise<CampaignRow | undefined> =>
  (
    await tx
      .update(campaigns)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(ofCompany(companyId), eq(campaigns.id, id), inArray(campaigns.status, from)))
      .returning()
  )[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<CampaignRow | undefined> =>
  (await tx.delete(campaigns).where(and(ofCompany(companyId), eq(campaigns.id, id))).returning())[0];

/** Whether the referenced rows exist in the company (another company's id is as good as none). */
export const refsExist = async (tx: Tx, companyId: number, r: { whatsappId: number | null; contactListId: number | null; tagListId: number | null; fileListId: number | null }) => {
  const one = async (table: typeof whatsapps | typeof contactLists | typeof tags | typeof fileLists, id: number | null) =>
    id == null || (await tx.select({ id: table.id }).from(table).where(and(eq(table.companyId, companyId), eq(table.id, id))).limit(1)).length > 0;
  return {
    whatsappId: await one(whatsapps, r.whatsappId),
    contactListId: await one(contactLists, r.contactListId),
    tagListId: await one(tags, r.tagListId),
    fileListId: await one(fileLists, r.fileListId),
  };
};

// ---------------------------------------------------------------- report

/** The ledger's counters of each campaign (one grouped read; decision 0233). */
export const reports = async (tx: Tx, companyId: number, ids: number[]): Promise<Map<number, CampaignReport>> => {
  const map = new Map<number, CampaignReport>();
  if (!ids.length) return map;
  const s = campaignShipping;
  const rows = await tx
    .select({
      campaignId: s.campaignId,
      planned: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${s.sentAt} is not null))::int`,
      confirmationRequested: sql<number>`(count(*) filter (where ${s.confirmationRequestedAt} is not null))::int`,
      confirmed: sql<number>`(count(*) filter (where ${s.confirmedAt} is not null))::int`,
      delivered: sql<number>`(count(*) filter (where ${s.deliveredAt} is not null))::int`,
      read: sql<number>`(count(*) filter (where ${s.readAt} is not null))::int`,
      failed: sql<number>`(count(*) filter (where ${s.status} = 'failed'))::int`,
      skippedInvalid: sql<number>`(count(*) filter (where ${s.status} = 'skipped_invalid'))::int`,
      skippedOptOut: sql<number>`(count(*) filter (where ${s.status} = 'skipped_optout'))::int`,
      held: sql<number>`(count(*) filter (where ${s.status} = 'held'))::int`,
      // What FINALIZADA means: every number's first message is settled. A confirmation asked
      // stays done while its answer's main message is queued, held or sent (the bar never
      // drops back after the finish).
      done: sql<number>`(count(*) filter (where ${s.status} in ('sent', 'failed', 'skipped_invalid', 'skipped_optout', 'confirmation_requested') or ${s.confirmationRequestedAt} is not null))::int`,
    })
    .from(s)
    .where(and(eq(s.companyId, companyId), inArray(s.campaignId, ids)))
    .groupBy(s.campaignId);
  for (const r of rows) {
    const { campaignId, ...counts } = r;
    map.set(campaignId, { ...counts, holds: {}, delayed: 0, delays: {} });
  }
  // By reason: the rows held now (the `held` card's detail) apart from the rows held once and
  // released since (an opt-out's skip keeps its earlier reason, if any: it is not a gate delay).
  const holdsNow = sql<boolean>`${s.status} = 'held'`;
  const holds = await tx
    .select({ campaignId: s.campaignId, reason: s.holdReason, now: holdsNow, n: sql<number>`count(*)::int` })
    .from(s)
    .where(and(eq(s.companyId, companyId), inArray(s.campaignId, ids), sql`${s.holdReason} is not null`, sql`${s.holdReason} <> 'opt-out'`))
    .groupBy(s.campaignId, s.holdReason, holdsNow);
  for (const h of holds) {
    const rep = map.get(h.campaignId);
    if (!rep || !h.reason) continue;
    if (h.now) rep.holds[h.reason] = h.n;
    else {
      rep.delays[h.reason] = h.n;
      rep.delayed += h.n;
    }
  }
  return map;
};

export const reportOf = async (tx: Tx, companyId: number, id: number): Promise<CampaignReport> => (await reports(tx, companyId, [id])).get(id) ?? emptyReport();

// ---------------------------------------------------------------- settings

type SettingKey = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval' | 'variables';

export const getSettings = async (tx: Tx, companyId: number): Promise<CampaignSettingsDto> => {
  const rows = await tx.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const num = (k: keyof typeof CAMPAIGN_SETTINGS_DEFAULTS) => {
    const v = Number(byKey.get(k));
    return byKey.has(k) && Number.isFinite(v) ? v : CAMPAIGN_SETTINGS_DEFAULTS[k];
  };
  let variables: CampaignVariable[] = [];
  try {
    const parsed = JSON.parse(byKey.get('variables') ?? '[]') as unknown;
    if (Array.isArray(parsed)) variables = parsed.filter((v): v is CampaignVariable => typeof v?.key === 'string' && typeof v?.value === 'string');
  } catch {
    variables = [];
  }
  return { messageInterval: num('messageInterval'), longerIntervalAfter: num('longerIntervalAfter'), greaterInterval: num('greaterInterval'), variables };
};

export const putSetting = async (tx: Tx, companyId: number, key: SettingKey, value: string): Promise<void> => {
  await tx
    .insert(campaignSettings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value, updatedAt: new Date() } });
};

// ---------------------------------------------------------------- the ledger

const textArray = (xs: string[]) => sql`array[${sql.join(xs.map((x) => sql`${x}::text`), sql`, `)}]::text[]`;
/** A random element per row, chosen by PostgreSQL as each ledger row is written. */
const pick = (xs: string[]) => (xs.length <= 1 ? sql`${xs[0] ?? ''}::text` : sql`(${textArray(xs)})[1 + floor(random() * ${xs.length})::int]`);

/**
 * Writes the audience into the ledger, one row per number (a restart or a second start adds
 * nobody twice: `on conflict do nothing`), each with its variant drawn at random among the
 * non-empty ones. Numbers the list marks as not on WhatsApp are written as skipped.
 * Audience (decision 0231): the contact list's items, or the contacts carrying the tag
 * (`contact_tags`) or having a ticket with it (`ticket_tags`). Groups are never an audience.
 */
export const populate = async (tx: Tx, c: CampaignRow, variants: { messages: string[]; confirmations: string[] }): Promise<number> => {
  const msg = pick(variants.messages);
  const conf = pick(variants.confirmations);
  if (c.contactListId != null) {
    const r = await tx.execute(sql`
      insert into campaign_shipping (company_id, campaign_id, contact_list_item_id, number, name, email, status, message, confirmation_message)
      select i.company_id, ${c.id}, i.id, i.number, i.name, i.email,
             case when i.is_whatsapp_valid = false then 'skipped_invalid' else 'pending' end, ${msg}, ${conf}
        from contact_list_items i
       where i.company_id = ${c.companyId} and i.contact_list_id = ${c.contactListId} and i.number <> ''
       order by i.id
      on conflict (campaign_id, number) do nothing`);
    return r.count ?? 0;
  }
  if (c.tagListId != null) {
    const r = await tx.execute(sql`
      insert into campaign_shipping (company_id, campaign_id, contact_id, number, name, email, status, message, confirmation_message)
      select ct.company_id, ${c.id}, ct.id, ct.number, ct.name, coalesce(ct.email, ''), 'pending', ${msg}, ${conf}
        from contacts ct
       where ct.company_id = ${c.companyId} and not ct.is_group and ct.number <> ''
         and (exists (select 1 from contact_tags x where x.company_id = ct.company_id and x.contact_id = ct.id and x.tag_id = ${c.tagListId})
              or exists (select 1 from tickets t join ticket_tags y on y.company_id = t.company_id and y.ticket_id = t.id
                          where t.company_id = ct.company_id and t.contact_id = ct.id and y.tag_id = ${c.tagListId}))
       order by ct.id
      on conflict (campaign_id, number) do nothing`);
    return r.count ?? 0;
  }
  return 0;
};

/** How many ledger rows of the campaign are in each status. */
export const statusCounts = async (tx: Tx, companyId: number, campaignId: number): Promise<Partial<Record<ShippingStatus, number>>> => {
  const rows = await tx
    .select({ status: campaignShipping.status, n: sql<number>`count(*)::int` })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId)))
    .groupBy(campaignShipping.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
};

/** The next `n` pending rows, moved to `queued` (a send job will hold each). Concurrent takers never take the same row. */
export const takeWindow = async (tx: Tx, companyId: number, campaignId: number, n: number): Promise<number[]> => {
  const rows = await tx.execute<{ id: number }>(sql`
    update campaign_shipping set status = 'queued', updated_at = now()
     where id in (select id from campaign_shipping
                   where company_id = ${companyId} and campaign_id = ${campaignId} and status = 'pending'
                   order by id limit ${n} for update skip locked)
    returning id`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
};

/**
 * Rows a send job should hold but whose job may be gone (its process died mid-send, before the
 * claim committed): queued or confirmed longer than `olderThanSeconds`, while no row of the campaign was
 * claimed for as long (a busy cluster draining a big window is not a dead one). Touched so the
 * next look waits again; sending them twice is impossible (the claim).
 */
export const stale = async (tx: Tx, companyId: number, campaignId: number, olderThanSeconds: number, limit: number): Promise<number[]> => {
  const rows = await tx.execute<{ id: number }>(sql`
    update campaign_shipping set updated_at = now()
     where id in (select id from campaign_shipping
                   where company_id = ${companyId} and campaign_id = ${campaignId} and status in ('queued', 'confirmed')
                     and updated_at < now() - make_interval(secs => ${olderThanSeconds})
                   order by id limit ${limit} for update skip locked)
       and not exists (select 1 from campaign_shipping p
                        where p.company_id = ${companyId} and p.campaign_id = ${campaignId}
                          and p.claimed_at > now() - make_interval(secs => ${olderThanSeconds}))
    returning id`);
  return rows.map((r) => Number(r.id));
};

/**
 * The claim (exactly once): the row moves out of a sendable status in one UPDATE, which locks it
 * until the caller's transaction ends; a concurrent claimer waits, re-reads the status and gets
 * nothing. The caller writes the outbound message in the same transaction.
 */
export const claim = async (tx: Tx, companyId: number, shippingId: number, by: string): Promise<ShippingRow | undefined> =>
  (
    await tx
      .update(campaignShipping)
      .set({ attempts: sql`${campaignShipping.attempts} + 1`, claimedAt: new Date(), claimedBy: by, updatedAt: new Date() })
      .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.id, shippingId), inArray(campaignShipping.status, ['queued', 'held', 'confirmed'])))
      .returning()
  )[0];

export const setShipping = async (tx: Tx, companyId: number, id: number, patch: Partial<typeof campaignShipping.$inferInsert>): Promise<void> => {
  await tx
    .update(campaignShipping)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.id, id)));
};

/** Restart (unsent only): rows a job held or the gate delayed go back to pending; sent ones stay. */
export const requeueUnsent = async (tx: Tx, companyId: number, campaignId: number): Promise<number> => {
  const r = await tx.execute(sql`
    update campaign_shipping set status = 'pending', updated_at = now()
     where company_id = ${companyId} and campaign_id = ${campaignId} and status in ('queued', 'held')`);
  return r.count ?? 0;
};

/** Rows confirmed but whose main message is not out yet (a restart queues them again). */
export const confirmedIds = async (tx: Tx, companyId: number, campaignId: number): Promise<number[]> =>
  (
    await tx
      .select({ id: campaignShipping.id })
      .from(campaignShipping)
      .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId), eq(campaignShipping.status, 'confirmed')))
  ).map((r) => r.id);

/**
 * The contact answered: every confirmation request waiting on their number (or contact) in a
 * running or finished campaign becomes confirmed. Returns the rows to send the main message to.
 */
export const confirm = async (tx: Tx, companyId: number, number: string, contactId: number): Promise<{ id: number; campaignId: number }[]> =>
  (
    await tx.execute<{ id: number; campaign_id: number }>(sql`
      update campaign_shipping s set status = 'confirmed', confirmed_at = now(), updated_at = now()
        from campaigns c
       where s.company_id = ${companyId} and s.status = 'confirmation_requested' and (s.number = ${number} or s.contact_id = ${contactId})
         and c.company_id = s.company_id and c.id = s.campaign_id and c.status in ('EM_ANDAMENTO', 'FINALIZADA')
      returning s.id, s.campaign_id`)
  ).map((r) => ({ id: Number(r.id), campaignId: Number(r.campaign_id) }));

/** A main message's ack: delivered (3+), read (4+) or failed (-1) on its ledger row. */
export const applyAck = async (tx: Tx, companyId: number, messageId: number, ack: number, error: string | null): Promise<number | undefined> => {
  const rows = await tx.execute<{ campaign_id: number }>(
    ack < 0
      ? sql`update campaign_shipping set status = 'failed', failed_at = now(), error = ${error ?? ''}, updated_at = now()
             where company_id = ${companyId} and message_id = ${messageId} and status = 'sent' returning campaign_id`
      : sql`update campaign_shipping set delivered_at = coalesce(delivered_at, now()),
                    read_at = case when ${ack} >= 4 then coalesce(read_at, now()) else read_at end, updated_at = now()
             where company_id = ${companyId} and message_id = ${messageId}
               and (delivered_at is null or (${ack} >= 4 and read_at is null)) returning campaign_id`,
  );
  return rows[0] ? Number(rows[0].campaign_id) : undefined;
};

/** A file list's message and files (name, stored path, kind). */
export const fileListOf = async (tx: Tx, companyId: number, id: number) => {
  const [list] = await tx.select().from(fileLists).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id))).limit(1);
  if (!list) return undefined;
  const files = await tx
    .select()
    .from(fileOptions)
    .where(and(eq(fileOptions.companyId, companyId), eq(fileOptions.fileListId, id)))
    .orderBy(asc(fileOptions.id));
  return { message: list.message, files };
};

// ---------------------------------------------------------------- the sweep (system)

/** Scheduled campaigns whose time came, and running ones (their dispatch may have died with a process). */
export const dueOrRunning = async (tx: Tx, now: Date): Promise<{ id: number; companyId: number }[]> =>
  tx
    .select({ id: campaigns.id, companyId: campaigns.companyId })
    .from(campaigns)
    .where(sql`(${campaigns.status} = 'PROGRAMADA' and ${campaigns.scheduledAt} <= ${now.toISOString()}::timestamptz) or ${campaigns.status} = 'EM_ANDAMENTO'`)
    .limit(1000);

/** A merged contact's sends (and a confirmation it owes) become the kept one's (contact merge, decision 0360). */
export const moveContact = async (tx: Tx, companyId: number, from: number, to: number): Promise<void> => {
  await tx.update(campaignShipping).set({ contactId: to }).where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.contactId, from)));
};
