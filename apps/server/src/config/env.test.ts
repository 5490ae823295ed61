import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('starts whatever NODE_ENV says, since no setting depends on it', () => {
    for (const NODE_ENV of ['staging', 'production', 'development', 'test', 'qa']) {
      expect(loadConfig({ NODE_ENV, PORT: '4000' }).port).toBe(4000);
    }
  });

  it('still refuses a bad setting, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('guards staff by default: two-factor sign-in required, a quorum over $1,000 credits, a 72-hour delay and 5-minute sudo', () => {
    const config = loadConfig({});
    expect(config.requireAdmin2fa).toBe(true);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'false' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: '0' }).requireAdmin2fa).toBe(false);
    expect(config.staffApproval).toEqual({
      creditCents: 100_000n,
      delayMs: 72 * 3_600_000,
      reauthMs: 5 * 60_000,
    });
    expect(() => loadConfig({ STAFF_REAUTH_MINUTES: '0' })).toThrow(/STAFF_REAUTH_MINUTES/);
  });

  it('limits withdrawals by verification level: $1,000 a day and $5,000 over 30 days at basic, $50,000 and $250,000 at full', () => {
    expect(loadConfig({}).withdrawalLimitCents).toEqual({
      basic: { daily: 100_000n, monthly: 500_000n },
      full: { daily: 5_000_000n, monthly: 25_000_000n },
    });
    expect(loadConfig({ BASIC_WITHDRAWAL_DAILY_USD: '2500' }).withdrawalLimitCents.basic.daily).toBe(
      250_000n,
    );
    for (const name of [
      'BASIC_WITHDRAWAL_DAILY_USD',
      'BASIC_WITHDRAWAL_MONTHLY_USD',
      'FULL_WITHDRAWAL_DAILY_USD',
      'FULL_WITHDRAWAL_MONTHLY_USD',
    ]) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(name);
      expect(() => loadConfig({ [name]: '99.5' })).toThrow(name);
    }
  });

  it("derives the passkeys' relying party from PUBLIC_URL, and refuses an address browsers refuse passkeys on", () => {
    expect(loadConfig({ PORT: '4000' }).passkeys).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:4000',
      rpName: 'Vestora',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://invest.example.com/' }).passkeys).toMatchObject({
      rpId: 'invest.example.com',
      origin: 'https://invest.example.com',
    });
    for (const PUBLIC_URL of [
      'http://127.0.0.1:3000',
      'https://10.0.0.5',
      'http://[::1]:3000',
      'http://invest.example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL })).toThrow(/PUBLIC_URL.*https:\/\/ with a domain name/);
    }
  });
});
