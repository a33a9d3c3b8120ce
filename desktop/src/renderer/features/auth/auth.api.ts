import type { LoginBody, LoginResponse } from '@balcao/shared';
import { http } from '../../lib/http';

export const authApi = {
  login: (body: LoginBody) => http.post<LoginResponse>('/auth/login', body),
  logout: () => http.delete<void>('/auth/logout'),
};
