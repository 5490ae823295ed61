import { LoginRequestSchema, MESSAGES, SignupRequestSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from './auth.guard.ts';
import { logIn, logOut, signUp } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/user/signup', { onRequest: throttle(app, 'signup') }, async (request, reply) => {
    const input = parseWith(SignupRequestSchema, request.body);
    await signUp(app, input);
    return reply.code(201).send({ message: MESSAGES.signupSuccess });
  });

  app.post('/api/user/login', { onRequest: throttle(app, 'write') }, async (request) => {
    const input = parseWith(LoginRequestSchema, request.body);
    const { user, token } = await logIn(app, {
      ...input,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    return { data: user, token, message: MESSAGES.loginSuccess };
  });

  app.post('/api/user/logout', { onRequest: requireUser }, async (request) => {
    await logOut(app.db, actorOf(request));
    return { message: MESSAGES.loggedOut };
  });
}
