import { z } from 'zod';
import { defineRoute, MessageResponseSchema } from '../contract.ts';
import {
  DeletePushSubscriptionRequestSchema,
  PushChoicesSchema,
  PushPublicKeySchema,
  PushSubscriptionRequestSchema,
} from '../push-subscriptions.ts';

export const pushPublicKeyRoute = defineRoute({
  method: 'GET',
  path: '/api/user/push/publicKey',
  access: 'user',
  summary: "The server's VAPID public key, base64url: the applicationServerKey a browser subscribes with.",
  response: z.object({ data: PushPublicKeySchema }),
});

export const createPushSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/api/user/push/subscriptions',
  access: 'user',
  summary:
    "Turn notifications on for this browser: its PushSubscription (endpoint and keys). Sent again, it is the same subscription; a browser another account used becomes the signed-in user's. At most 10 per user, the oldest dropped.",
  body: PushSubscriptionRequestSchema,
  response: MessageResponseSchema,
});

export const deletePushSubscriptionRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/push/subscriptions',
  access: 'user',
  summary:
    "Turn notifications off for the browser with this endpoint (one of the signed-in user's); 404 otherwise.",
  body: DeletePushSubscriptionRequestSchema,
  response: MessageResponseSchema,
});

export const pushPreferencesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/push/preferences',
  access: 'user',
  summary: 'Which notifications (deposits, withdrawals, support replies) are pushed to the signed-in user.',
  response: z.object({ data: PushChoicesSchema }),
});

export const setPushPreferencesRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/push/preferences',
  access: 'user',
  summary: 'Choose the pushed notifications; security notices are always pushed, as their e-mails always go.',
  body: PushChoicesSchema,
  response: z.object({ data: PushChoicesSchema, message: z.string() }),
});
