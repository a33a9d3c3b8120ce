import type { WhatsappDto } from '@balcao/shared';
import type { ConnectionForm } from './connections.api';

export interface FormValues {
  name: string;
  provider: 'sandbox' | 'baileys';
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  queueIds: number[];
  expiresTicket: number;
  expiresInactiveMessage: string;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: number | null;
  /** The connection's own queue integration and AI prompt (a queue's wins over them). */
  integrationId: number | null;
  promptId: number | null;
  /** The external API token: write-only (never returned), so blank means "keep it". */
  token: string;
  /** Number health (issue 13 §6): the send gate of non-reply messages; 0 = no limit. */
  gateRatePerMinute: number;
  gateDailyCap: number;
  gateJitterMs: number;
  gateWarmupDays: number;
}

/** The gate's fields, in the order the dialog shows them. */
export const gateFields = ['gateRatePerMinute', 'gateDailyCap', 'gateWarmupDays', 'gateJitterMs'] as const;

/** A new connection's form (spec defaults), or an existing one's. */
export const initialValues = (w?: WhatsappDto | null): FormValues => ({
  name: w?.name ?? '',
  provider: w?.provider === 'sandbox' ? 'sandbox' : 'baileys',
  isDefault: w?.isDefault ?? false,
  greetingMessage: w?.greetingMessage ?? '',
  complationMessage: w?.complationMessage ?? '',
  outOfHoursMessage: w?.outOfHoursMessage ?? '',
  ratingMessage: w?.ratingMessage ?? '',
  queueIds: w?.queues.map((q) => q.id) ?? [],
  expiresTicket: w?.expiresTicket ?? 0,
  expiresInactiveMessage: w?.expiresInactiveMessage ?? '',
  timeUseBotQueues: w?.timeUseBotQueues ?? 0,
  maxUseBotQueues: w?.maxUseBotQueues ?? 3,
  timeToTransfer: w?.timeToTransfer ?? 0,
  transferQueueId: w?.transferQueueId ?? null,
  integrationId: w?.integrationId ?? null,
  promptId: w?.promptId ?? null,
  token: '',
  // The columns' defaults (migration 0015) for a new connection.
  gateRatePerMinute: w?.gateRatePerMinute ?? 20,
  gateDailyCap: w?.gateDailyCap ?? 1000,
  gateJitterMs: w?.gateJitterMs ?? 2000,
  gateWarmupDays: w?.gateWarmupDays ?? 7,
});

/** More than one queue needs a greeting (the menu that lets the customer choose): ERR_WAPP_GREETING_REQUIRED. */
export const greetingMissing = (v: Pick<FormValues, 'queueIds' | 'greetingMessage'>): boolean => (v.queueIds?.length ?? 0) > 1 && !(v.greetingMessage ?? '').trim();

/** The body sent on save: numbers as integers, an empty transfer queue as null, a blank token left out. */
export const toBody = ({ token, ...v }: FormValues): ConnectionForm => ({
  ...v,
  ...(token?.trim() ? { token: token.trim() } : {}),
  name: v.name.trim(),
  expiresTicket: Math.trunc(Number(v.expiresTicket) || 0),
  timeUseBotQueues: Math.trunc(Number(v.timeUseBotQueues) || 0),
  maxUseBotQueues: Math.trunc(Number(v.maxUseBotQueues) || 0),
  timeToTransfer: Math.trunc(Number(v.timeToTransfer) || 0),
  transferQueueId: v.transferQueueId ?? null,
  ...Object.fromEntries(gateFields.map((k) => [k, Math.trunc(Number(v[k]) || 0)])),
  integrationId: v.integrationId ?? null,
  promptId: v.promptId ?? null,
});
