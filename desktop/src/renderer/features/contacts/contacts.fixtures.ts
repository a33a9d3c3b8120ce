import type { ContactDto } from '@balcao/shared';

export const makeContact = (over: Partial<ContactDto> = {}): ContactDto => ({
  id: 1,
  name: 'Ana',
  number: '5511988887777',
  email: '',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [],
  tags: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...over,
});
