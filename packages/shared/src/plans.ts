import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PERIOD_DAYS, PLAN_PERIODS } from './plan-periods.ts';
import { amountCents, isBlank } from './transactions.ts';

/** A plan as `GET /api/plans` shows it: `rate` is the percent per period (3.6), amounts in USD. */
export const PlanSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rate: z.number(),
  period: z.enum(PLAN_PERIODS),
  durationDays: z.number().int(),
  minAmount: z.number(),
  maxAmount: z.number(),
  principalReturn: z.boolean(),
  status: z.enum(['active', 'retired']),
});
export type Plan = z.infer<typeof PlanSchema>;

export const InvestmentSchema = z.object({
  _id: z.string(),
  planId: z.string(),
  planName: z.string(),
  amount: z.number(),
  rate: z.number(),
  periodDays: z.number().int(),
  periodsTotal: z.number().int(),
  periodsPaid: z.number().int(),
  principalReturn: z.boolean(),
  /** Returns paid so far, in USD. */
  totalReturn: z.number(),
  /** What the investment pays over its whole duration, in USD. */
  expectedReturn: z.number(),
  status: z.enum(['active', 'completed']),
  isReturnDelayed: z.boolean(),
  startedAt: z.string(),
  endsAt: z.string(),
  nextPayoutAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Investment = z.infer<typeof InvestmentSchema>;

export const ReserveStatusSchema = z.object({
  /** What the reserve holds, in USD. */
  balance: z.number(),
  /** Returns already due and not yet paid, in USD. */
  dueUnpaid: z.number(),
  /** How much more the reserve needs to pay everything due, in USD (0 when covered). */
  shortfall: z.number(),
  delayedInvestments: z.number().int(),
  activeInvestments: z.number().int(),
});
export type ReserveStatus = z.infer<typeof ReserveStatusSchema>;

export const InvestRequestSchema = z
  .object({ planId: z.unknown().optional(), amount: z.unknown().optional() })
  .transform((input, ctx) => {
    if (isBlank(input.planId) || isBlank(input.amount)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.investFieldsRequired });
      return z.NEVER;
    }
    if (typeof input.planId !== 'string' || !z.uuid().safeParse(input.planId).success) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.planNotFound });
      return z.NEVER;
    }
    return { planId: input.planId, amountCents: amountCents(input.amount, ctx, MESSAGES.invalidAmount) };
  });

/** Basis points from a percent with at most two decimals: 3.6 → 360. */
export function rateToBasisPoints(value: unknown, ctx: z.RefinementCtx): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.planRate });
    return 0;
  }
  const basisPoints = Math.round(Number(text) * 100);
  if (basisPoints <= 0 || basisPoints > 10_000) ctx.addIssue({ code: 'custom', message: MESSAGES.planRate });
  return basisPoints;
}

export const PlanInputSchema = z
  .object({
    name: z.string().trim().min(1, MESSAGES.planName).max(60, MESSAGES.planName),
    rate: z.unknown(),
    period: z.enum(PLAN_PERIODS, { message: MESSAGES.planPeriod }).default('daily'),
    durationDays: z.coerce
      .number({ message: MESSAGES.planDuration })
      .int(MESSAGES.planDuration)
      .min(1, MESSAGES.planDuration)
      .max(3650, MESSAGES.planDuration),
    minAmount: z.unknown(),
    maxAmount: z.unknown(),
    principalReturn: z.boolean({ message: MESSAGES.planPrincipalReturn }).default(true),
  })
  .transform((input, ctx) => {
    const rateBasisPoints = rateToBasisPoints(input.rate, ctx);
    const minCents = amountCents(input.minAmount, ctx, MESSAGES.planRange);
    const maxCents = amountCents(input.maxAmount, ctx, MESSAGES.planRange);
    if (minCents > maxCents) ctx.addIssue({ code: 'custom', message: MESSAGES.planRange });
    if (input.durationDays < PERIOD_DAYS[input.period])
      ctx.addIssue({ code: 'custom', message: MESSAGES.planDuration });
    return {
      name: input.name.toUpperCase(),
      rateBasisPoints,
      period: input.period,
      durationDays: input.durationDays,
      minCents,
      maxCents,
      principalReturn: input.principalReturn,
    };
  });
export type PlanInput = z.input<typeof PlanInputSchema>;

export const FundReserveRequestSchema = z
  .object({ amount: z.unknown().optional(), note: z.string().trim().max(500).optional() })
  .transform((input, ctx) => {
    if (isBlank(input.amount)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidAmount });
      return z.NEVER;
    }
    return { amountCents: amountCents(input.amount, ctx, MESSAGES.invalidAmount), note: input.note || null };
  });
