import type { WhatsappDto } from '@balcao/shared';

/** A connection DTO for tests. */
export const makeConnection = (over: Partial<WhatsappDto> = {}): WhatsappDto => ({
  id: 1,
  name: 'Principal',
  number: '5511999990000',
  status: 'CONNECTED',
  qrcode: '',
  retries: 0,
  isDefault: true,
  provider: 'sandbox',
  integrationId: null,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresTicket: 0,
  expiresInactiveMessage: '',
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  timeToTransfer: 0,
  transferQueueId: null,
  promptId: null,
  queues: [],
  updatedAt: '2025-03-10T12:00:00.000Z',
  ...over,
});
