import type { CreateUserBody, ListUsersResponse, QueueDto, UpdateUserBody, UserDto, WhatsappDto } from '@balcao/shared';
import type { z } from 'zod';
import { http, searchPage } from '../../lib/http';

export const usersAdminApi = {
  page: searchPage<ListUsersResponse>('/users'),
  show: (id: number) => http.get<UserDto>(`/users/${id}`),
  create: (body: z.input<typeof CreateUserBody>) => http.post<UserDto>('/users', body),
  update: (id: number, body: z.input<typeof UpdateUserBody>) => http.put<UserDto>(`/users/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/users/${id}`),
  /** The modal's choices: the company's queues and connections. */
  queues: () => http.get<QueueDto[]>('/queue'),
  connections: () => http.get<WhatsappDto[]>('/whatsapp'),
};
