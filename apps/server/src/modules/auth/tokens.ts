import { createHash, randomBytes } from 'node:crypto';

export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a copy of the database holds no usable token. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** E-mailed links (reset, account lock) are stored as this hash only, like session tokens. */
export const hashLinkToken = hashSessionToken;
