import { randomBytes } from 'node:crypto';
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { base32nopad } from '@scure/base';

/** RFC 6238 time-based one-time passwords, as every authenticator app computes them. */
const STEP_SECONDS = 30;
const DIGITS = 6;
/** One step either side absorbs clock drift between the phone and the server. */
const DRIFT_STEPS = 1;

export function createTotpSecret(): string {
  return base32nopad.encode(randomBytes(20));
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / STEP_SECONDS);
}

export function totpCode(secret: string, step: number): string {
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(step));
  const digest = hmac(sha1, base32nopad.decode(secret), counter);
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = new DataView(digest.buffer, digest.byteOffset + offset, 4).getUint32(0) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The step the code belongs to, or null; the caller refuses steps at or before the last one used. */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step += 1) {
    if (totpCode(secret, step) === code) return step;
  }
  return null;
}

export function totpUri({
  secret,
  account,
  issuer,
}: {
  secret: string;
  account: string;
  issuer: string;
}): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`;
}
