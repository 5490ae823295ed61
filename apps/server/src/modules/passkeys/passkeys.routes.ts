import {
  addPasskeyRoute,
  MESSAGES,
  PASSKEY_MESSAGES,
  passkeyChallengeRoute,
  passkeySignInOptionsRoute,
  passkeySignInRoute,
  passkeysRoute,
  removePasskeyRoute,
  startPasskeyRegistrationRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { placeOf, signInWithPasskey } from '../auth/auth.service.ts';
import { route } from '../http/route.ts';
import { issuePasskeyChallenge } from './passkey-assertions.ts';
import {
  addPasskey,
  challengePasskey,
  getPasskeys,
  removePasskey,
  startPasskeyRegistration,
} from './passkeys.service.ts';

export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(app, passkeysRoute, async ({ actor }) => ({ data: await getPasskeys(app.db, actor) }));

  route(
    app,
    startPasskeyRegistrationRoute,
    async ({ actor, body }) => ({ data: await startPasskeyRegistration(app, actor, body) }),
    writes,
  );

  route(
    app,
    addPasskeyRoute,
    async ({ actor, body }) => ({
      data: await addPasskey(app, actor, body),
      message: PASSKEY_MESSAGES.added,
    }),
    writes,
  );

  route(
    app,
    removePasskeyRoute,
    async ({ actor, params, body }) => {
      await removePasskey(app, actor, { id: params.id, proof: body });
      return { message: PASSKEY_MESSAGES.removed };
    },
    writes,
  );

  route(
    app,
    passkeyChallengeRoute,
    async ({ actor, body }) => ({ data: await challengePasskey(app, actor, body) }),
    writes,
  );

  route(
    app,
    passkeySignInOptionsRoute,
    async () => {
      const { challengeId, options } = await issuePasskeyChallenge(app, { userId: null, purpose: 'sign-in' });
      return { data: { challengeId, options } };
    },
    { onRequest: [throttle(app, 'write')] },
  );

  route(
    app,
    passkeySignInRoute,
    async ({ body, request }) => {
      const { user, token } = await signInWithPasskey(app, { ...body, ...placeOf(request) });
      return { data: user, token, message: MESSAGES.loginSuccess };
    },
    { onRequest: [throttle(app, 'write')] },
  );
}
