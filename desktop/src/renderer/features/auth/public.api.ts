import type { ForgotPasswordResponse, PlanDto, ResetPasswordBody, SignupBody, SignupResponse } from '@balcao/shared';
import { http } from '../../lib/http';

/** The platform settings anyone may read before logging in (server-behaviour §1). */
export type PublicSettingKey = 'allowregister' | 'viewregister' | 'trial';

/** Calls made before login: the login, signup and password reset pages. */
export const publicApi = {
  setting: (key: PublicSettingKey) => http.get<{ value: string }>(`/settings/${key}`),
  /** The plans offered on the signup page. */
  signupPlans: () => http.get<PlanDto[]>('/plans/signup'),
  signup: (body: SignupBody) => http.post<SignupResponse>('/companies/cadastro', body),
  forgotPassword: (email: string) => http.post<ForgotPasswordResponse>(`/forgetpassword/${encodeURIComponent(email.trim())}`),
  /** Everything in the body, never in the URL (decision 0254). */
  resetPassword: (body: ResetPasswordBody) => http.post<{ ok: true }>('/resetpasswords', body),
};
