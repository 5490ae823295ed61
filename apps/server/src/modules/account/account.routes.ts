import {
  AccountLockRequestSchema,
  ChangePasswordRequestSchema,
  MESSAGES,
  UpdateProfileRequestSchema,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { readFormOrJson } from '../../lib/multipart.ts';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import {
  changePassword,
  getProfileDetails,
  lockAccountFromEmailChange,
  updateAvatar,
  updateProfile,
} from './account.service.ts';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/profile/details', { onRequest: requireUser }, async (request) => {
    return { data: await getProfileDetails(app.db, actorOf(request).user.id) };
  });

  app.put('/api/user/profile', { onRequest: [requireUser, throttle(app, 'write')] }, async (request) => {
    const input = parseWith(UpdateProfileRequestSchema, request.body);
    const deps = { db: app.db, config: app.config, clock: app.clock, mailer: app.mailer, log: request.log };
    const { user, details } = await updateProfile(deps, actorOf(request), input);
    return { data: user, details, message: MESSAGES.profileUpdated };
  });

  /** Multipart with the picture in `image`; answers with the fresh user record, avatar URL included. */
  app.put('/api/user/avatar', { onRequest: [requireUser, throttle(app, 'write')] }, async (request) => {
    const { file } = await readFormOrJson(request, 'image');
    const user = await updateAvatar({ db: app.db }, actorOf(request), file);
    return { data: user, message: MESSAGES.avatarUpdated };
  });

  app.put('/api/user/password', { onRequest: [requireUser, throttle(app, 'write')] }, async (request) => {
    await changePassword(app, actorOf(request), parseWith(ChangePasswordRequestSchema, request.body));
    return { message: MESSAGES.passwordChanged };
  });

  /** The link in the notice an old address gets when the e-mail changes; no session needed. */
  app.post('/api/user/lockAccount', { onRequest: throttle(app, 'write') }, async (request) => {
    const { token } = parseWith(AccountLockRequestSchema, request.body);
    await lockAccountFromEmailChange(app, {
      token,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    return { message: MESSAGES.accountLocked };
  });
}
