import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { SetRatesRequestSchema } from './rates.ts';
import { RatesFormSchema } from './rates-form.ts';

describe('RatesFormSchema', () => {
  it('keeps the prices as typed', () => {
    expect(RatesFormSchema.parse({ btc: '65000.25', eth: ' 3120 ' })).toEqual({
      btc: '65000.25',
      eth: ' 3120 ',
    });
  });

  it('marks each refused price with the server’s words', () => {
    const form = { btc: '65,000', eth: '' };
    const issues = RatesFormSchema.safeParse(form).error?.issues.map(({ path, message }) => [
      path.join('.'),
      message,
    ]);
    expect(issues).toEqual([
      ['btc', MESSAGES.rateInvalid],
      ['eth', MESSAGES.rateInvalid],
    ]);
    expect(SetRatesRequestSchema.safeParse(form).error?.issues[0]?.message).toBe(MESSAGES.rateInvalid);
  });

  it('refuses a price too large as the server does', () => {
    const issues = RatesFormSchema.safeParse({ btc: '1', eth: '9'.repeat(12) }).error?.issues;
    expect(issues?.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['eth', MESSAGES.amountTooLarge],
    ]);
  });
});
