import {
  changePasswordRoute,
  dataExportRoute,
  lockAccountRoute,
  MESSAGES,
  profileDetailsRoute,
  revealAntiPhishingCodeRoute,
  updateAvatarRoute,
  updateProfileRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import {
  changePassword,
  getProfileDetails,
  lockAccountFromEmailChange,
  revealAntiPhishingCode,
  updateAvatar,
  updateProfile,
} from './account.service.ts';
import { exportOwnData } from './data-export.service.ts';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(app, profileDetailsRoute, async ({ actor }) => ({
    data: await getProfileDetails(app.db, actor.user.id),
  }));

  route(
    app,
    revealAntiPhishingCodeRoute,
    async ({ actor, body }) => ({ data: await revealAntiPhishingCode(app, actor, body) }),
    writes,
  );

  route(
    app,
    updateProfileRoute,
    async ({ actor, body }) => {
      const { user, details } = await updateProfile(app, actor, body);
      return { data: user, details, message: MESSAGES.profileUpdated };
    },
    writes,
  );

  route(
    app,
    updateAvatarRoute,
    async ({ actor, file }) => ({
      data: await updateAvatar(app, actor, file),
      message: MESSAGES.avatarUpdated,
    }),
    writes,
  );

  route(
    app,
    changePasswordRoute,
    async ({ actor, body }) => {
      await changePassword(app, actor, body);
      return { message: MESSAGES.passwordChanged };
    },
    writes,
  );

  route(
    app,
    dataExportRoute,
    async ({ actor, body, reply }) => {
      const { fileName, content } = await exportOwnData(app, actor, body);
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      return content;
    },
    writes,
  );

  route(
    app,
    lockAccountRoute,
    async ({ body, request }) => {
      await lockAccountFromEmailChange(app, {
        token: body.token,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      return { message: MESSAGES.accountLocked };
    },
    writes,
  );
}
