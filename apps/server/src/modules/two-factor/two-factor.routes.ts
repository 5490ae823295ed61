import {
  DisableTwoFactorRequestSchema,
  EnableTwoFactorRequestSchema,
  MESSAGES,
  PageQuerySchema,
  UserIdParamsSchema,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import {
  confirmTwoFactor,
  getAdminSecurity,
  getLoginHistory,
  getTwoFactorStatus,
  renewRecoveryCodes,
  resetSecondFactorByAdmin,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from './two-factor.service.ts';

export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/2fa', { onRequest: requireUser }, async (request) => {
    return { data: await getTwoFactorStatus(app.db, actorOf(request), app.config.requireAdmin2fa) };
  });

  app.post('/api/user/2fa/setup', { onRequest: [requireUser, throttle(app, 'write')] }, async (request) => {
    return { data: await startTwoFactorSetup(app.db, actorOf(request)) };
  });

  app.post('/api/user/2fa/enable', { onRequest: [requireUser, throttle(app, 'write')] }, async (request) => {
    const input = parseWith(EnableTwoFactorRequestSchema, request.body);
    const recoveryCodes = await confirmTwoFactor(app, actorOf(request), input);
    return { data: { recoveryCodes }, message: MESSAGES.twoFactorEnabled };
  });

  app.post('/api/user/2fa/disable', { onRequest: [requireUser, throttle(app, 'write')] }, async (request) => {
    const input = parseWith(DisableTwoFactorRequestSchema, request.body);
    await turnOffTwoFactor(app, actorOf(request), input);
    return { message: MESSAGES.twoFactorDisabled };
  });

  app.post(
    '/api/user/2fa/recoveryCodes',
    { onRequest: [requireUser, throttle(app, 'write')] },
    async (request) => {
      const input = parseWith(DisableTwoFactorRequestSchema, request.body);
      const recoveryCodes = await renewRecoveryCodes(app, actorOf(request), input);
      return { data: { recoveryCodes }, message: MESSAGES.twoFactorRecoveryCodesRenewed };
    },
  );

  app.get('/api/user/login-history', { onRequest: requireUser }, async (request) => {
    const query = parseWith(PageQuerySchema, request.query);
    return getLoginHistory(app.db, { userId: actorOf(request).user.id, ...query });
  });
}

/** Inside the admin scope. */
export async function adminSecurityRoutes(app: FastifyInstance): Promise<void> {
  app.get('/security', async () => ({ data: await getAdminSecurity(app.db, app.config.requireAdmin2fa) }));

  app.delete<{ Params: { id: string } }>('/users/:id/2fa', async (request) => {
    const { id } = parseWith(UserIdParamsSchema, request.params);
    await resetSecondFactorByAdmin(app, actorOf(request), {
      userId: id,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    return { message: MESSAGES.twoFactorResetByAdmin };
  });

  app.get<{ Params: { id: string } }>('/loginHistory/:id', async (request) => {
    const { id } = parseWith(UserIdParamsSchema, request.params);
    const query = parseWith(PageQuerySchema, request.query);
    return getLoginHistory(app.db, { userId: id, ...query });
  });
}
