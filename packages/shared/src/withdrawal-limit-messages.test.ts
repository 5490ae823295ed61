import { describe, expect, it } from 'vitest';
import { withdrawalAboveLimitMessage, withdrawalPastLimitMessage } from './withdrawal-limit-messages.ts';

describe('the refusal of a withdrawal past a limit', () => {
  const fitsAt = new Date('2026-11-29T14:32:40Z');

  it('names the limit, the level, what is left and when the withdrawal fits', () => {
    expect(
      withdrawalPastLimitMessage({
        window: 'daily',
        limitCents: 100_000n,
        level: 'full',
        canRaiseByVerifying: false,
        remainingCents: 40_000n,
        fitsAt,
      }),
    ).toBe(
      'This withdrawal would pass your daily limit of $1,000.00 (full verification): $400.00 is left until 29 Nov 2026, 14:32 UTC.',
    );
  });

  it('says nothing is left rather than $0.00, and at the basic level how to raise the limit', () => {
    expect(
      withdrawalPastLimitMessage({
        window: 'monthly',
        limitCents: 500_000n,
        level: 'basic',
        canRaiseByVerifying: true,
        remainingCents: 0n,
        fitsAt,
      }),
    ).toBe(
      'This withdrawal would pass your 30-day limit of $5,000.00 (basic verification): nothing is left until 29 Nov 2026, 14:32 UTC. Verify your identity for higher limits.',
    );
  });

  it('refuses an amount above the whole limit without a time, since none would let it through', () => {
    const refusal = { window: 'daily', limitCents: 100_000n, level: 'basic' } as const;
    expect(withdrawalAboveLimitMessage({ ...refusal, canRaiseByVerifying: false })).toBe(
      'This withdrawal is above your daily limit of $1,000.00 (basic verification).',
    );
    expect(withdrawalAboveLimitMessage({ ...refusal, canRaiseByVerifying: true })).toBe(
      'This withdrawal is above your daily limit of $1,000.00 (basic verification). Verify your identity for higher limits.',
    );
  });
});
