import type { Coin, PlanPeriod } from '@vestora/shared';

export { formatDate, formatDateTime, usd } from '../../ui/format.ts';

export const COIN_NAMES: Record<Coin, string> = { btc: 'Bitcoin', eth: 'Ethereum', usdt: 'USDT' };

/** How a plan's period reads on its card ('Daily plans', as the specification names them) and after a rate. */
export const PERIOD_LABELS: Record<PlanPeriod, { plans: string; rate: string }> = {
  daily: { plans: 'Daily plans', rate: 'daily' },
  weekly: { plans: 'Weekly plans', rate: 'weekly' },
  monthly: { plans: 'Monthly plans', rate: 'monthly' },
};
