import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { centsToUsd } from './money.ts';
import { PERIOD_DAYS, PLAN_PERIODS } from './plan-periods.ts';
import { type PlanInput, PlanInputSchema, rateToBasisPoints } from './plans.ts';
import { amountCents } from './transactions.ts';

const planFields = PlanInputSchema.in.shape;
const planAmount = z.string().transform((amount, ctx) => amountCents(amount, ctx, MESSAGES.planRange));

/**
 * The plan dialog's form: its text inputs checked with the rules and words of the schema the server
 * applies (PlanInputSchema), each problem on the field it is about, and the body to send: the name in
 * capitals, the rate in percent and the amounts to the cent.
 */
export const PlanFormSchema = z
  .object({
    name: planFields.name,
    rate: z.string().transform((rate, ctx) => rateToBasisPoints(rate, ctx)),
    period: z.enum(PLAN_PERIODS, { message: MESSAGES.planPeriod }),
    durationDays: planFields.durationDays,
    minAmount: planAmount,
    maxAmount: planAmount,
    principalReturn: z.boolean({ message: MESSAGES.planPrincipalReturn }),
  })
  .superRefine(({ period, durationDays, minAmount, maxAmount }, ctx) => {
    if (minAmount > maxAmount)
      ctx.addIssue({ code: 'custom', message: MESSAGES.planRange, path: ['maxAmount'] });
    if (durationDays < PERIOD_DAYS[period])
      ctx.addIssue({ code: 'custom', message: MESSAGES.planDuration, path: ['durationDays'] });
  })
  .transform(
    (plan): PlanInput => ({
      name: plan.name.toUpperCase(),
      rate: plan.rate / 100,
      period: plan.period,
      durationDays: plan.durationDays,
      minAmount: centsToUsd(plan.minAmount),
      maxAmount: centsToUsd(plan.maxAmount),
      principalReturn: plan.principalReturn,
    }),
  );
export type PlanForm = z.input<typeof PlanFormSchema>;
