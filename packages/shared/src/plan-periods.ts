/** How often a plan pays, apart from the plan schemas: pages show periods without loading zod. */
export const PLAN_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PERIOD_DAYS: Record<PlanPeriod, number> = { daily: 1, weekly: 7, monthly: 30 };
