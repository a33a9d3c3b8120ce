import type { QuickMessageDto } from '@balcao/shared';

export const makeQuickMessage = (over: Partial<QuickMessageDto> = {}): QuickMessageDto => ({
  id: 1,
  shortcode: 'oi',
  message: 'Olá {{name}}!',
  geral: false,
  status: true,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  userId: 1,
  companyId: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...over,
});
