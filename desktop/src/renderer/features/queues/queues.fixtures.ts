import type { QueueDto, QueueOptionDto } from '@balcao/shared';

export const makeQueue = (over: Partial<QueueDto> = {}): QueueDto => ({
  id: 1,
  name: 'Comercial',
  color: '#1677ff',
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
  integrationId: null,
  promptId: null,
  schedules: [],
  mediaPath: null,
  mediaName: null,
  assignment: 'none',
  agentCapacity: null,
  reassignAfterMinutes: null,
  ...over,
});

export const makeOption = (over: Partial<QueueOptionDto> = {}): QueueOptionDto => ({
  id: 1,
  queueId: 1,
  parentId: null,
  title: 'Vendas',
  option: '1',
  message: '',
  mediaPath: null,
  mediaName: null,
  ...over,
});
