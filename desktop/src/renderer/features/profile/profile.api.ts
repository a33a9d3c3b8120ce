import type { QueueDto, UpdateUserBody, UserDto, WhatsappDto } from '@balcao/shared';
import { http } from '../../lib/http';

export const profileApi = {
  get: (id: number) => http.get<UserDto>(`/users/${id}`),
  save: (id: number, body: UpdateUserBody) => http.put<UserDto>(`/users/${id}`, body),
  queues: () => http.get<QueueDto[]>('/queue'),
  connections: () => http.get<WhatsappDto[]>('/whatsapp'),
};
