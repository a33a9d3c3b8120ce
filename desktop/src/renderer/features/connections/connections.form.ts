import type { WhatsappDto } from '@balcao/shared';
import type { ConnectionForm } from './connections.api';

/** A Cloud API connection's facts as the form holds them: secrets blank = keep the stored one (decision 0370). */
export interface CloudFormValues {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

export interface FormValues {
  name: string;
  provider: 'sandbox' | 'baileys' | 'cloud';
  /** Meta's Cloud API (issue 29): only sent with provider 'cloud'. */
  cloud: CloudFormValues;
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
  /** Failover (decision 0411): the Cloud connection carrying replies while this session is down; never on a Cloud connection. */
  fallbackWhatsappId: number | null;
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

/**
 * A verify token for Meta's webhook check: random, URL-safe, shown once to paste into Meta's
 * console (the server keeps only its hash).
 */
export const newVerifyToken = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return `balcao-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
};

const providerOf = (w?: WhatsappDto | null): FormValues['provider'] => (w?.provider === 'sandbox' || w?.provider === 'cloud' ? w.provider : 'baileys');

/** A new connection's form (spec defaults), or an existing one's; a new one gets a fresh verify token. */
export const initialValues = (w?: WhatsappDto | null, verifyToken: string = w ? '' : newVerifyToken()): FormValues => ({
  name: w?.name ?? '',
  provider: providerOf(w),
  cloud: { phoneNumberId: w?.cloud?.phoneNumberId ?? '', wabaId: w?.cloud?.wabaId ?? '', accessToken: '', appSecret: '', verifyToken },
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
  fallbackWhatsappId: w?.fallbackWhatsappId ?? null,
  token: '',
  // The columns' defaults (migration 0015) for a new connection.
  gateRatePerMinute: w?.gateRatePerMinute ?? 20,
  gateDailyCap: w?.gateDailyCap ?? 1000,
  gateJitterMs: w?.gateJitterMs ?? 2000,
  gateWarmupDays: w?.gateWarmupDays ?? 7,
});

/** More than one queue needs a greeting (the menu that lets the customer choose): ERR_WAPP_GREETING_REQUIRED. */
export const greetingMissing = (v: Pick<FormValues, 'queueIds' | 'greetingMessage'>): boolean => (v.queueIds?.length ?? 0) > 1 && !(v.greetingMessage ?? '').trim();

/** The Cloud facts to send: the ids, and each secret only when typed (blank keeps the stored one). */
const cloudBody = (c: CloudFormValues) => {
  const secret = (k: 'accessToken' | 'appSecret' | 'verifyToken') => (c[k]?.trim() ? { [k]: c[k].trim() } : {});
  return { phoneNumberId: (c.phoneNumberId ?? '').trim(), wabaId: (c.wabaId ?? '').trim(), ...secret('accessToken'), ...secret('appSecret'), ...secret('verifyToken') };
};

/** The body sent on save: numbers as integers, an empty transfer queue as null, a blank token left out, Cloud facts only for a Cloud connection. */
export const toBody = ({ token, cloud, ...v }: FormValues): ConnectionForm => ({
  ...v,
  ...(v.provider === 'cloud' && cloud ? { cloud: cloudBody(cloud) as ConnectionForm['cloud'] } : {}),
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
  fallbackWhatsappId: v.provider === 'cloud' ? null : (v.fallbackWhatsappId ?? null),
});
