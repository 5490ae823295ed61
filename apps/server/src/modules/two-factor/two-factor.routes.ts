import {
  adminLoginHistoryRoute,
  adminSecurityRoute,
  disableTwoFactorRoute,
  enableTwoFactorRoute,
  loginHistoryRoute,
  MESSAGES,
  renewRecoveryCodesRoute,
  resetUserTwoFactorRoute,
  startTwoFactorSetupRoute,
  twoFactorStatusRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
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
  const writes = { onRequest: [throttle(app, 'write')] };

  route(app, twoFactorStatusRoute, async ({ actor }) => ({
    data: await getTwoFactorStatus(app.db, actor, app.config.requireAdmin2fa),
  }));

  route(
    app,
    startTwoFactorSetupRoute,
    async ({ actor }) => ({ data: await startTwoFactorSetup(app.db, actor) }),
    writes,
  );

  route(
    app,
    enableTwoFactorRoute,
    async ({ actor, body }) => ({
      data: { recoveryCodes: await confirmTwoFactor(app, actor, body) },
      message: MESSAGES.twoFactorEnabled,
    }),
    writes,
  );

  route(
    app,
    disableTwoFactorRoute,
    async ({ actor, body }) => {
      await turnOffTwoFactor(app, actor, body);
      return { message: MESSAGES.twoFactorDisabled };
    },
    writes,
  );

  route(
    app,
    renewRecoveryCodesRoute,
    async ({ actor, body }) => ({
      data: { recoveryCodes: await renewRecoveryCodes(app, actor, body) },
      message: MESSAGES.twoFactorRecoveryCodesRenewed,
    }),
    writes,
  );

  route(app, loginHistoryRoute, ({ actor, query }) =>
    getLoginHistory(app.db, { userId: actor.user.id, ...query }),
  );

  route(app, adminSecurityRoute, async () => ({
    data: await getAdminSecurity(app.db, app.config.requireAdmin2fa),
  }));

  route(app, resetUserTwoFactorRoute, async ({ actor, params, request }) => {
    const deps = { db: app.db, config: app.config, clock: app.clock };
    await resetSecondFactorByAdmin(deps, actor, {
      userId: params.id,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    return { message: MESSAGES.twoFactorResetByAdmin };
  });

  route(app, adminLoginHistoryRoute, ({ params, query }) =>
    getLoginHistory(app.db, { userId: params.id, ...query }),
  );
}
