import { base32nopad } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { matchTotp, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B, SHA-1, with the 20-byte ASCII secret "12345678901234567890" (8-digit codes
// there; ours are the last 6 digits of the same value).
const RFC_SECRET = base32nopad.encode(new TextEncoder().encode('12345678901234567890'));

describe('TOTP', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('matches the RFC 6238 test vector at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code);
  });

  it('accepts one step of drift either way and nothing further', () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });
});
