import { boolean, foreignKey, index, integer, pgTable, primaryKey, serial, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../../db/columns';
import { companies } from '../companies/companies.table';
import { queues } from '../queues/queues.table';

/** A WhatsApp connection (the spec calls them "whatsapps"). */
export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 30 }).notNull().default(''),
    status: varchar('status', { length: 20 }).notNull().default('DISCONNECTED'),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    provider: varchar('provider', { length: 20 }).notNull().default('beta'),
    greetingMessage: text('greeting_message').notNull().default(''),
    complationMessage: text('complation_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    ratingMessage: text('rating_message').notNull().default(''),
    /**
     * External API (issue 15 §3): SHA-256 hex of the connection's bearer token, shown once when
     * generated or rotated; the tail (last 4 characters) lets the admin tell tokens apart.
     */
    apiTokenHash: varchar('api_token_hash', { length: 64 }),
    apiTokenTail: varchar('api_token_tail', { length: 8 }).notNull().default(''),
    expiresTicket: integer('expires_ticket').notNull().default(0),
    expiresInactiveMessage: text('expires_inactive_message').notNull().default(''),
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    timeToTransfer: integer('time_to_transfer').notNull().default(0),
    transferQueueId: integer('transfer_queue_id'),
    promptId: integer('prompt_id'),
    /** The connection's own integration (a queue's integration wins over it). */
    integrationId: integer('integration_id'),
    sendIdQueue: integer('send_id_queue'),
    timeSendQueue: integer('time_send_queue').notNull().default(0),
    /** Number health (issue 13 §6): when the number was paired (start of its warm-up ramp). */
    pairedAt: ts('paired_at'),
    /** Non-reply sends allowed per minute, per day; 0 = no limit. Jitter spreads sends apart. */
    gateRatePerMinute: integer('gate_rate_per_minute').notNull().default(20),
    gateDailyCap: integer('gate_daily_cap').notNull().default(1000),
    gateJitterMs: integer('gate_jitter_ms').notNull().default(2000),
    /** Warm-up: a newly paired number's daily cap ramps up over this many days (0 = off). */
    gateWarmupDays: integer('gate_warmup_days').notNull().default(7),
    /**
     * Cloud API connections (issue 29; decision 0370): the number's and the business account's
     * ids, the access token and app secret sealed (lib/sealed-value), the webhook's verify token
     * as its SHA-256 hex (the GET check finds the connection by it; nobody needs it back).
     */
    cloudPhoneNumberId: varchar('cloud_phone_number_id', { length: 30 }),
    cloudWabaId: varchar('cloud_waba_id', { length: 30 }).notNull().default(''),
    cloudAccessToken: text('cloud_access_token').notNull().default(''),
    cloudAppSecret: text('cloud_app_secret').notNull().default(''),
    cloudVerifyTokenHash: varchar('cloud_verify_token_hash', { length: 64 }),
    /**
     * What Meta last said of the Cloud number (issue 29 §1; decision 0450): its quality rating
     * (GREEN, YELLOW, RED, UNKNOWN) and messaging limit (TIER_250 … UNLIMITED), read on the
     * admin's test and on a template refresh; '' until read.
     */
    cloudQualityRating: varchar('cloud_quality_rating', { length: 20 }).notNull().default(''),
    cloudMessagingLimit: varchar('cloud_messaging_limit', { length: 30 }).notNull().default(''),
    cloudCheckedAt: ts('cloud_checked_at'),
    /** Failover (issue 29 §6; decision 0411): the company's Cloud connection that carries agents' replies while this Baileys session is down. */
    fallbackWhatsappId: integer('fallback_whatsapp_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('whatsapps_company').on(t.companyId),
    // Target of the composite (company_id, id) keys: a row can only point at its own company's rows.
    unique('whatsapps_company_id_id').on(t.companyId, t.id),
    // The external API finds the connection by its token's hash, before it knows the company.
    uniqueIndex('whatsapps_api_token_hash').on(t.apiTokenHash),
    // A webhook names the number before anyone knows the company: one connection per Cloud number.
    uniqueIndex('whatsapps_cloud_phone_number_id').on(t.cloudPhoneNumberId),
    index('whatsapps_cloud_verify_token_hash').on(t.cloudVerifyTokenHash),
    // ON DELETE SET NULL (transfer_queue_id) in the migration: company_id stays.
    foreignKey({ name: 'whatsapps_transfer_queue_fk', columns: [t.companyId, t.transferQueueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('set null'),
    // ON DELETE SET NULL (fallback_whatsapp_id) in the migration: the fallback is one of the company's own connections.
    foreignKey({ name: 'whatsapps_fallback_fk', columns: [t.companyId, t.fallbackWhatsappId], foreignColumns: [t.companyId, t.id] }).onDelete('set null'),
  ],
);

export const whatsappQueues = pgTable(
  'whatsapp_queues',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    queueId: integer('queue_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.queueId] }),
    foreignKey({ name: 'whatsapp_queues_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
    foreignKey({ name: 'whatsapp_queues_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('cascade'),
  ],
);

/**
 * A Cloud API send's two names (decision 0371): our id (`messages.wa_message_id`, written before
 * the send) and the wamid Meta gave it, so statuses, quotes and reactions reconcile.
 */
export const whatsappCloudIds = pgTable(
  'whatsapp_cloud_ids',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    ourId: varchar('our_id', { length: 128 }).notNull(),
    wamid: varchar('wamid', { length: 160 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.ourId] }),
    uniqueIndex('whatsapp_cloud_ids_wamid').on(t.whatsappId, t.wamid),
    foreignKey({ name: 'whatsapp_cloud_ids_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);
