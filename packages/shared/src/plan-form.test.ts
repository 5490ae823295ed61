import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { type PlanForm, PlanFormSchema } from './plan-form.ts';
import { PlanInputSchema } from './plans.ts';

const valid: PlanForm = {
  name: ' growth ',
  rate: '2.5',
  period: 'weekly',
  durationDays: '84',
  minAmount: '200',
  maxAmount: '5000.5',
  principalReturn: true,
};

const problems = (form: PlanForm) =>
  PlanFormSchema.safeParse(form).error?.issues.map(({ path, message }) => [path.join('.'), message]);

describe('PlanFormSchema', () => {
  it('gives the body the server accepts, the name in capitals', () => {
    const body = PlanFormSchema.parse(valid);
    expect(body).toEqual({
      name: 'GROWTH',
      rate: 2.5,
      period: 'weekly',
      durationDays: 84,
      minAmount: 200,
      maxAmount: 5000.5,
      principalReturn: true,
    });
    expect(PlanInputSchema.safeParse(body).success).toBe(true);
  });

  it('puts each problem on its field, in the server’s words', () => {
    const empty = { ...valid, name: '', rate: '', durationDays: '', minAmount: '', maxAmount: '' };
    expect(problems(empty)).toEqual([
      ['name', MESSAGES.planName],
      ['rate', MESSAGES.planRate],
      ['durationDays', MESSAGES.planDuration],
      ['minAmount', MESSAGES.planRange],
      ['maxAmount', MESSAGES.planRange],
    ]);
    expect(problems({ ...valid, rate: '100.01' })).toEqual([['rate', MESSAGES.planRate]]);
    expect(problems({ ...valid, durationDays: '1.5' })).toEqual([['durationDays', MESSAGES.planDuration]]);
  });

  it('reports a reversed range on the maximum and a term shorter than a period on the duration', () => {
    expect(problems({ ...valid, minAmount: '5000', maxAmount: '200' })).toEqual([
      ['maxAmount', MESSAGES.planRange],
    ]);
    expect(problems({ ...valid, period: 'monthly', durationDays: '29' })).toEqual([
      ['durationDays', MESSAGES.planDuration],
    ]);
  });

  it('refuses what the server would refuse', () => {
    for (const form of [
      { ...valid, name: 'x'.repeat(61) },
      { ...valid, rate: '0' },
      { ...valid, minAmount: '1,000' },
      { ...valid, maxAmount: '-5' },
      { ...valid, period: 'monthly', durationDays: '29' },
    ]) {
      expect(PlanFormSchema.safeParse(form).success).toBe(false);
      expect(PlanInputSchema.safeParse(form).success).toBe(false);
    }
  });
});
