import type { CreateUserBody, ListUsersResponse, QueueDto, UpdateUserBody, UserDto, WhatsappDto } from '@balcao/shared';
import type { z } from 'zod';
import { http } from '../../lib/http';

export const usersAdminApi = {
  page: (searchParam: string, pageNumber: number) => http.get<ListUsersResponse>('/users', { searchParam: searchParam || undefined, pageNumber }),
  show: (id: number) => http.get<UserDto>(`/users/${id}`),
  create: (body: z.input<typeof CreateUserBody>) => http.post<UserDto>('/users', body),
  update: (id: number, body: z.input<typeof UpdateUserBody>) => http.put<UserDto>(`/users/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/users/${id}`),
  /** The modal's choices: the company's queues and connections. */
  queues: () => http.get<QueueDto[]>('/queue'),
  connections: () => http.get<WhatsappDto[]>('/whatsapp'),
};
