import { forgotPasswordRoute, MESSAGES, resetPasswordRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(
    app,
    forgotPasswordRoute,
    async ({ body, request }) => {
      await requestPasswordReset(
        { db: app.db, config: app.config, clock: app.clock, mailer: app.mailer, log: request.log },
        { email: body.email, ip: request.ip },
      );
      return { message: MESSAGES.resetLinkSent };
    },
    writes,
  );

  route(
    app,
    resetPasswordRoute,
    async ({ body, request }) => {
      await resetPassword(app, { ...body, ip: request.ip });
      return { message: MESSAGES.passwordReset };
    },
    writes,
  );
}
