import { loginRoute, logoutRoute, MESSAGES, signupRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { logIn, logOut, placeOf, signUp } from './auth.service.ts';

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
