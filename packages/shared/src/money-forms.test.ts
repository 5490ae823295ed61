import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_FORM_TEXTS,
  DepoEntryFormSchema,
  depositEntryFormSchema,
  depositProofFormSchema,
} from './deposit-forms.ts';
import { MESSAGES } from './messages.ts';
import { withdrawFormSchema } from './withdraw-form.ts';

type Issue = { path: PropertyKey[]; message: string };
function issuesOf(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: Issue[] } } }) {
  return (input: unknown) =>
    (schema.safeParse(input).error?.issues ?? []).map(({ path, message }) => [path.join('.'), message]);
}

describe('depositEntryFormSchema (/user/deposit)', () => {
  const problems = issuesOf(depositEntryFormSchema(50));

  it('reports the specification’s first problem on its field', () => {
    expect(problems({ amount: '', coin: null })).toEqual([['amount', MESSAGES.depositModeAndAmount]]);
    expect(problems({ amount: '120', coin: null })).toEqual([['coin', MESSAGES.depositModeAndAmount]]);
    expect(problems({ amount: '12a', coin: 'btc' })).toEqual([['amount', MESSAGES.amountNumberOnly]]);
    expect(problems({ amount: '49', coin: 'btc' })).toEqual([['amount', 'minimum is 50']]);
  });

  it('hands over the trimmed amount and the coin', () => {
    expect(depositEntryFormSchema(50).parse({ amount: ' 50 ', coin: 'eth' })).toEqual({
      amount: '50',
      coin: 'eth',
    });
    expect(depositEntryFormSchema(undefined).parse({ amount: '1', coin: 'btc' })).toEqual({
      amount: '1',
      coin: 'btc',
    });
  });
});

describe('DepoEntryFormSchema (/user/depo)', () => {
  const problems = issuesOf(DepoEntryFormSchema);

  it('reports the specification’s first problem on its field', () => {
    for (const amount of ['', 'abc', '0']) {
      expect(problems({ amount, coin: null })).toEqual([['amount', MESSAGES.invalidAmount]]);
    }
    expect(problems({ amount: '99.99', coin: 'btc' })).toEqual([
      ['amount', DEPOSIT_FORM_TEXTS.depoBelowMinimum],
    ]);
    expect(problems({ amount: '100', coin: null })).toEqual([['coin', DEPOSIT_FORM_TEXTS.depoNoMethod]]);
    expect(DepoEntryFormSchema.parse({ amount: '150.5', coin: 'usdt' })).toEqual({
      amount: '150.5',
      coin: 'usdt',
    });
  });
});

describe('depositProofFormSchema', () => {
  it('requires a proof on /user/depo only', () => {
    expect(issuesOf(depositProofFormSchema({ isRequired: true }))({ proof: null })).toEqual([
      ['proof', DEPOSIT_FORM_TEXTS.depoProofRequired],
    ]);
    expect(depositProofFormSchema({ isRequired: false }).parse({ proof: null })).toEqual({ proof: null });
    const proof = { name: 'receipt.png' };
    expect(depositProofFormSchema<object>({ isRequired: true }).parse({ proof })).toEqual({ proof });
  });
});

describe('withdrawFormSchema', () => {
  const problems = issuesOf(withdrawFormSchema(500));
  const address = 'bc1qexample';

  it('says the request schema’s words on the field they are about, then checks the balance', () => {
    expect(problems({ amount: '', method: 'btc', address: '' })).toEqual([
      ['amount', MESSAGES.withdrawFieldsRequired],
    ]);
    expect(problems({ amount: '10', method: 'btc', address: '' })).toEqual([
      ['address', MESSAGES.withdrawFieldsRequired],
    ]);
    expect(problems({ amount: 'abc', method: 'btc', address })).toEqual([['amount', MESSAGES.invalidAmount]]);
    expect(problems({ amount: '10', method: 'btc', address: 'x'.repeat(121) })).toEqual([
      ['address', MESSAGES.invalidAddress],
    ]);
    expect(problems({ amount: '900', method: 'btc', address })).toEqual([
      ['amount', MESSAGES.insufficientBalance],
    ]);
  });

  it('gives the request as sent', () => {
    expect(
      withdrawFormSchema(500).parse({ amount: ' 200 ', method: 'eth', address: ` ${address} ` }),
    ).toEqual({
      amount: '200',
      method: 'eth',
      address,
    });
  });
});
