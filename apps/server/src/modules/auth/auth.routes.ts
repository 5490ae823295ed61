import { loginRoute, logoutRoute, MESSAGES, signupRoute } from '@vestora/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { logIn, logOut, signUp } from './auth.service.ts';

/** Where a sign-up or sign-in comes from: the new-device alert compares it with the ones before. */
function placeOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    signupRoute,
    async ({ body, request }) => {
      await signUp(app, { ...body, ...placeOf(request) });
      return { message: MESSAGES.signupSuccess };
    },
    { onRequest: [throttle(app, 'signup')] },
  );

  route(
    app,
    loginRoute,
    async ({ body, request }) => {
      const { user, token } = await logIn(app, { ...body, ...placeOf(request) });
      return { data: user, token, message: MESSAGES.loginSuccess };
    },
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, logoutRoute, async ({ actor }) => {
    await logOut(app.db, actor);
    return { message: MESSAGES.loggedOut };
  });
}
