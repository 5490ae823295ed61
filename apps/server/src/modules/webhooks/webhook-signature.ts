import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes, the HMAC key. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** What the console shows of a secret, to match it with the receiver's copy. */
export function webhookSecretPrefix(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 4);
}

export interface SignedContent {
  /** The event's id, sent as `webhook-id`: the same on every attempt, so receivers deduplicate by it. */
  id: string;
  /** Unix seconds of the attempt, sent as `webhook-timestamp`. */
  timestamp: number;
  body: string;
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under each secret's key, space-separated (two during a rotation's overlap).
 */
export function signWebhook(secrets: readonly string[], content: SignedContent): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      const signature = createHmac('sha256', key)
        .update(`${content.id}.${content.timestamp}.${content.body}`)
        .digest('base64');
      return `v1,${signature}`;
    })
    .join(' ');
}
