import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForgotPasswordParams, ForgotPasswordResponse, OkResponse, ResetPasswordBody, ResetPasswordPathParams } from '@balcao/shared';
import { AppError } from '../../infra/errors';
import { rateLimited } from '../../infra/plugins/rate-limit';
import type { PasswordResetService } from './password-reset.service';

/** Password reset, before login (administration.md §7 "Password reset"; decisions 0253, 0254). */
export const passwordResetRoutes = (resets: PasswordResetService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/forgetpassword/:email', { config: rateLimited('forgot'), schema: { params: ForgotPasswordParams, response: { 200: ForgotPasswordResponse } } }, (req) =>
    resets.request(req.params.email),
  );
  app.post('/resetpasswords', { config: rateLimited('reset'), schema: { body: ResetPasswordBody, response: { 200: OkResponse } } }, (req) => resets.reset(req.body));
  // The spec's client puts the code and the new password in the URL, where proxies and logs keep
  // them: that form is refused with a code saying to send them in the body (decision 0254).
  app.post('/resetpasswords/:email/:token/:newPassword', { config: rateLimited('reset'), schema: { params: ResetPasswordPathParams, response: { 200: OkResponse } } }, async () => {
    throw new AppError('ERR_RESET_IN_PATH', 'Send { email, token, newPassword } in the body of POST /resetpasswords');
  });
};
