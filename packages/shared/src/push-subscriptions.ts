import { z } from 'zod';

/**
 * What the push routes and the Security page's push panel say. Here rather than in MESSAGES, which
 * every first page downloads: only the Security page loads them.
 */
export const PUSH_MESSAGES = {
  endpointInvalid: "Send the subscription's endpoint: an https:// URL of at most 2048 characters.",
  endpointRefused:
    'This push endpoint is refused: push services are public https:// addresses, never the platform’s own network.',
  keysInvalid: "Send the subscription's keys: p256dh (a P-256 public key) and auth (16 bytes), in base64url.",
  subscriptionNotFound: 'This device has no notifications turned on.',
  subscribed: 'Notifications are on for this device.',
  unsubscribed: 'Notifications are off for this device.',
  choicesSaved: 'Push notification choices saved.',
  pushServiceUnavailable:
    'This browser could not reach its push service to turn notifications on. Try again later, or in another browser.',
} as const;

/** How many browsers one account keeps notifications on in; a new one drops the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const endpoint = z
  .string({ message: PUSH_MESSAGES.endpointInvalid })
  .max(2048, PUSH_MESSAGES.endpointInvalid)
  .pipe(z.url({ protocol: /^https?$/, message: PUSH_MESSAGES.endpointInvalid }));

/** Unpadded base64url of exactly `bytes` bytes (padding, which some browsers add, is taken off). */
function base64urlOf(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ message: PUSH_MESSAGES.keysInvalid })
    .transform((text) => text.replace(/=+$/, ''))
    .refine((text) => text.length === length && /^[A-Za-z0-9_-]+$/.test(text), PUSH_MESSAGES.keysInvalid);
}

/**
 * A browser's PushSubscription as `toJSON()` gives it (its `expirationTime` ignored): where to push
 * and the keys a message is encrypted to (RFC 8291). p256dh is an uncompressed P-256 point, 65 bytes.
 */
export const PushSubscriptionRequestSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64urlOf(65), auth: base64urlOf(16) }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

export const DeletePushSubscriptionRequestSchema = z.object({ endpoint });

/** The key browsers subscribe with (`applicationServerKey`): the server's VAPID public key, base64url. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });

/** Which notifications are pushed; security notices always are. */
export const PushChoicesSchema = z.object({
  deposits: z.boolean(),
  withdrawals: z.boolean(),
  tickets: z.boolean(),
});
export type PushChoices = z.infer<typeof PushChoicesSchema>;
