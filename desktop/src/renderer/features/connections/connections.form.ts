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
}

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
});

/** The body sent on save: numbers as integers, an empty transfer queue as null. */
export const toBody = (v: FormValues): ConnectionForm => ({
  ...v,
  name: v.name.trim(),
  expiresTicket: Math.trunc(Number(v.expiresTicket) || 0),
  timeUseBotQueues: Math.trunc(Number(v.timeUseBotQueues) || 0),
  maxUseBotQueues: Math.trunc(Number(v.maxUseBotQueues) || 0),
  timeToTransfer: Math.trunc(Number(v.timeToTransfer) || 0),
  transferQueueId: v.transferQueueId ?? null,
});
