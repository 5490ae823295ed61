import { describe, expect, it } from 'vitest';
import { type CreditDebitForm, CreditDebitFormSchema } from './credit-debit-form.ts';
import { MESSAGES } from './messages.ts';

const valid: CreditDebitForm = { mode: 'debit', amount: ' 250.50 ', reason: ' Welcome bonus ' };
const problems = (form: CreditDebitForm) =>
  CreditDebitFormSchema.safeParse(form).error?.issues.map(({ path, message }) => [path.join('.'), message]);

describe('CreditDebitFormSchema', () => {
  it('sends the mode, and the amount and reason trimmed', () => {
    expect(CreditDebitFormSchema.parse(valid)).toEqual({
      mode: 'debit',
      amount: '250.50',
      reason: 'Welcome bonus',
    });
  });

  it('asks for every field once, on the first one left empty', () => {
    expect(problems({ mode: '', amount: '', reason: '' })).toEqual([
      ['mode', MESSAGES.adjustmentFieldsRequired],
    ]);
    expect(problems({ ...valid, mode: null })).toEqual([['mode', MESSAGES.adjustmentFieldsRequired]]);
    expect(problems({ ...valid, amount: ' ' })).toEqual([['amount', MESSAGES.adjustmentFieldsRequired]]);
    expect(problems({ ...valid, reason: '' })).toEqual([['reason', MESSAGES.adjustmentFieldsRequired]]);
  });

  it('refuses an amount that is not a positive sum of money', () => {
    for (const amount of ['0', '-5', '1,000', '12.345']) {
      expect(problems({ ...valid, amount })).toEqual([['amount', MESSAGES.invalidAmount]]);
    }
  });
});
