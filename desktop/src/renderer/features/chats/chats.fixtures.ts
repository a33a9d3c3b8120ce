import type { ChatDto, ChatMessageDto } from '@balcao/shared';

/** A chat between Ana (1, the owner by default) and Bia (2). */
export const makeChat = (over: Partial<ChatDto> & { unreads?: Record<number, number> } = {}): ChatDto => {
  const { unreads = {}, ...rest } = over;
  const id = rest.id ?? 10;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    title: `Conversa ${id}`,
    ownerId: 1,
    owner: { id: 1, name: 'Ana' },
    lastMessage: '',
    companyId: 1,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    users: [
      { userId: 1, unreads: unreads[1] ?? 0, user: { id: 1, name: 'Ana' } },
      { userId: 2, unreads: unreads[2] ?? 0, user: { id: 2, name: 'Bia' } },
    ],
    ...rest,
  };
};

export const makeChatMessage = (over: Partial<ChatMessageDto> = {}): ChatMessageDto => {
  const id = over.id ?? 100;
  return {
    id,
    chatId: 10,
    senderId: 2,
    sender: { id: 2, name: 'Bia' },
    message: `mensagem ${id}`,
    mediaPath: '',
    mediaName: '',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...over,
  };
};
