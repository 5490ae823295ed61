import { ChangePasswordRequestSchema, MESSAGES, UpdateProfileRequestSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { readFormOrJson } from '../../lib/multipart.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { changePassword, getProfileDetails, updateAvatar, updateProfile } from './account.service.ts';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/profile/details', { onRequest: requireUser }, async (request) => {
    return { data: await getProfileDetails(app.db, actorOf(request).user.id) };
  });

  app.put('/api/user/profile', { onRequest: requireUser }, async (request) => {
    const input = parseWith(UpdateProfileRequestSchema, request.body);
    const { user, details } = await updateProfile(app.db, actorOf(request), input);
    return { data: user, details, message: MESSAGES.profileUpdated };
  });

  /** Multipart with the picture in `image`; answers with the fresh user record, avatar URL included. */
  app.put('/api/user/avatar', { onRequest: requireUser }, async (request) => {
    const { file } = await readFormOrJson(request, 'image');
    const user = await updateAvatar({ db: app.db }, actorOf(request), file);
    return { data: user, message: MESSAGES.avatarUpdated };
  });

  app.put('/api/user/password', { onRequest: requireUser }, async (request) => {
    await changePassword(app.db, actorOf(request), parseWith(ChangePasswordRequestSchema, request.body));
    return { message: MESSAGES.passwordChanged };
  });
}
