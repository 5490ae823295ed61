import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { FundReserveRequestSchema } from './plans.ts';
import { FundReserveFormSchema } from './reserve-form.ts';

describe('FundReserveFormSchema', () => {
  it('reads the form as the server reads the body', () => {
    for (const form of [
      { amount: '250.75', note: ' From the operator ' },
      { amount: ' 10 ', note: '' },
    ]) {
      expect(FundReserveFormSchema.parse(form)).toEqual(FundReserveRequestSchema.parse(form));
    }
  });

  it('puts an amount refused in the server’s words on the amount', () => {
    for (const [amount, message] of [
      ['', MESSAGES.invalidAmount],
      ['0', MESSAGES.invalidAmount],
      ['1,000', MESSAGES.invalidAmount],
      ['9'.repeat(12), MESSAGES.amountTooLarge],
    ] as const) {
      const form = { amount, note: '' };
      expect(
        FundReserveFormSchema.safeParse(form).error?.issues.map(({ path, message }) => [
          path.join('.'),
          message,
        ]),
      ).toEqual([['amount', message]]);
      expect(FundReserveRequestSchema.safeParse(form).error?.issues[0]?.message).toBe(message);
    }
  });
});
