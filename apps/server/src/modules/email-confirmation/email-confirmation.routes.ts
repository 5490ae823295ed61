import { confirmEmailRoute, MESSAGES, resendEmailConfirmationRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { confirmEmail, resendEmailConfirmation } from './email-confirmation.service.ts';

export async function emailConfirmationRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(
    app,
    confirmEmailRoute,
    async ({ body }) => {
      await confirmEmail(app, body);
      return { message: MESSAGES.emailConfirmed };
    },
    writes,
  );

  route(
    app,
    resendEmailConfirmationRoute,
    async ({ actor }) => {
      await resendEmailConfirmation(app, actor);
      return { message: MESSAGES.emailConfirmationSent };
    },
    writes,
  );
}
