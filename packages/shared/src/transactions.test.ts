import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { MAX_AMOUNT_CENTS } from './money.ts';
import { CreditOrDebitRequestSchema, DepositRequestSchema, WithdrawRequestSchema } from './transactions.ts';

function messagesOf(schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }) {
  return (input: unknown): string[] => {
    const result = schema.safeParse(input) as
      | { success: true }
      | { success: false; error: { issues: { message: string }[] } };
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };
}

/*
 * Both deposit pages (/user/deposit and /user/depo) send this request to POST /api/user/deposit.
 * Their minimums are not here: 50 USD is the server's setting (MIN_DEPOSIT_USD, checked by the
 * deposits service, 'minimum is 50') and 100 USD is /user/depo's own client rule
 * (deposit-forms.ts). The shared schema owns what is common: a coin, and an amount that is a number.
 */
describe('DepositRequestSchema', () => {
  const problems = messagesOf(DepositRequestSchema);

  it('says the specification’s texts verbatim', () => {
    expect(MESSAGES.depositModeAndAmount).toBe('Please select a mode and enter the amount to deposit!');
    expect(MESSAGES.amountNumberOnly).toBe('Amount must be a number only');
    expect(MESSAGES.invalidAmount).toBe('Please enter a valid amount.');
  });

  it('reads multipart text and JSON numbers into cents', () => {
    expect(DepositRequestSchema.parse({ mode: 'btc', amount: '50' })).toEqual({
      mode: 'btc',
      amountCents: 5_000n,
    });
    expect(DepositRequestSchema.parse({ mode: 'usdt', amount: 100.25 })).toEqual({
      mode: 'usdt',
      amountCents: 10_025n,
    });
  });

  it.each([
    ['nothing', {}],
    ['no amount', { mode: 'btc' }],
    ['an empty amount', { mode: 'btc', amount: '' }],
    ['a null amount', { mode: 'eth', amount: null }],
    ['no coin', { amount: '50' }],
    ['an empty coin', { mode: '', amount: '50' }],
  ])('asks for a coin and an amount when given %s', (_, input) => {
    expect(problems(input)).toEqual(['Please select a mode and enter the amount to deposit!']);
  });

  it('names the coins it takes', () => {
    expect(problems({ mode: 'doge', amount: '50' })).toEqual(['Choose a payment mode: btc, eth or usdt.']);
    expect(problems({ mode: 'BTC', amount: '50' })).toEqual([MESSAGES.unknownCoin]);
  });

  it('asks for the coin and amount before checking the amount', () => {
    expect(problems({ amount: 'abc' })).toEqual([MESSAGES.depositModeAndAmount]);
  });

  it.each(['abc', '12abc', '-50', '0', '0.00', '50.001', '5e1', ' ', 'NaN', 0, -1])(
    'refuses the amount %j as not a number',
    (amount) => {
      expect(problems({ mode: 'btc', amount })).toEqual(['Amount must be a number only']);
    },
  );

  it('refuses an amount above the platform’s ceiling with its own message', () => {
    expect(DepositRequestSchema.parse({ mode: 'btc', amount: '1000000000' }).amountCents).toBe(
      MAX_AMOUNT_CENTS,
    );
    expect(problems({ mode: 'btc', amount: '1000000000.01' })).toEqual(['This amount is too large.']);
  });
});

describe('CreditOrDebitRequestSchema', () => {
  const problems = messagesOf(CreditOrDebitRequestSchema);

  it('takes a mode, an amount and an optional reason', () => {
    expect(CreditOrDebitRequestSchema.parse({ mode: 'debit', amount: '12.5' })).toEqual({
      mode: 'debit',
      amountCents: 1_250n,
      reason: null,
    });
    expect(CreditOrDebitRequestSchema.parse({ mode: 'credit', amount: 3, reason: '  bonus ' }).reason).toBe(
      'bonus',
    );
  });

  it('uses the testing screen’s text for a missing field and the other screen’s for a bad mode', () => {
    expect(problems({ mode: 'credit' })).toEqual(['All fields must be required']);
    expect(problems({ amount: '5' })).toEqual(['All fields must be required']);
    expect(problems({ mode: 'refund', amount: '5' })).toEqual([
      'All fields must be filled and mode must be either credit or debit',
    ]);
  });

  it.each(['0', '-5', '1.234', 'ten'])('refuses the amount %j', (amount) => {
    expect(problems({ mode: 'credit', amount })).toEqual(['Please enter a valid amount.']);
  });
});

describe('WithdrawRequestSchema', () => {
  const problems = messagesOf(WithdrawRequestSchema);
  const addressId = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('names a saved address by id, in lower case, or by coin and address', () => {
    expect(WithdrawRequestSchema.parse({ amount: '75.5', addressId: addressId.toUpperCase() })).toEqual({
      target: { addressId },
      amountCents: 7_550n,
    });
    expect(WithdrawRequestSchema.parse({ amount: 10, method: 'eth', address: ' 0xabc ' })).toEqual({
      target: { method: 'eth', address: '0xabc' },
      amountCents: 1_000n,
    });
  });

  it('asks for amount, method and address', () => {
    expect(problems({ amount: '10', method: 'btc' })).toEqual([
      'Please enter the amount, the method and the destination address.',
    ]);
    expect(problems({ addressId })).toEqual([MESSAGES.withdrawFieldsRequired]);
  });

  it('refuses an amount that is not a positive number with two decimals at most', () => {
    expect(problems({ amount: '10.001', addressId })).toEqual(['Please enter a valid amount.']);
    expect(problems({ amount: '-10', method: 'btc', address: 'bc1q' })).toEqual([MESSAGES.invalidAmount]);
  });

  it('refuses an address id that is not a UUID as an address not saved', () => {
    expect(problems({ amount: '10', addressId: 'nope' })).toEqual([MESSAGES.withdrawalAddressNotSaved]);
  });
});
