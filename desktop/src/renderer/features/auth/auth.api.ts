import type {
  LoginAnswer,
  LoginBody,
  LoginResponse,
  TwoFactorDisableBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusDto,
} from '@balcao/shared';
import { http } from '../../lib/http';

export const authApi = {
  login: (body: LoginBody) => http.post<LoginAnswer>('/auth/login', body),
  logout: () => http.delete<void>('/auth/logout'),
};

/** Two-factor sign-in (decision 0350): `challenge` when the login stopped for it, else the session. */
export const twoFactorApi = {
  verify: (challenge: string, code: string) => http.post<LoginResponse>('/auth/2fa/verify', { challenge, code }),
  status: () => http.get<TwoFactorStatusDto>('/auth/2fa'),
  setup: (challenge?: string) => http.post<TwoFactorSetupResponse>('/auth/2fa/setup', challenge ? { challenge } : {}),
  enable: (code: string, challenge?: string) => http.post<TwoFactorEnableResponse>('/auth/2fa/enable', challenge ? { code, challenge } : { code }),
  disable: (body: TwoFactorDisableBody) => http.post<{ ok: true }>('/auth/2fa/disable', body),
};
