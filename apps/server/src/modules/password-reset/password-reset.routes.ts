import { ForgotPasswordRequestSchema, MESSAGES, ResetPasswordRequestSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/user/forgotPassword', { onRequest: throttle(app, 'write') }, async (request) => {
    const { email } = parseWith(ForgotPasswordRequestSchema, request.body);
    await requestPasswordReset(
      { db: app.db, config: app.config, clock: app.clock, mailer: app.mailer, log: request.log },
      { email, ip: request.ip },
    );
    return { message: MESSAGES.resetLinkSent };
  });

  app.post('/api/user/resetPassword', { onRequest: throttle(app, 'write') }, async (request) => {
    const input = parseWith(ResetPasswordRequestSchema, request.body);
    await resetPassword(app, { ...input, ip: request.ip });
    return { message: MESSAGES.passwordReset };
  });
}
