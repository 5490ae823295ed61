import { type Coin, formatUsd, type PlanPeriod } from '@vestora/shared';

/** The API sends USD numbers with at most two decimals; formatting goes through cents so it never rounds twice. */
export const usd = (amount: number) => formatUsd(Math.round(amount * 100));

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

export const COIN_NAMES: Record<Coin, string> = { btc: 'Bitcoin', eth: 'Ethereum', usdt: 'USDT' };

const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** How a plan's period reads on its card ('Daily plans', as the specification names them) and after a rate. */
export const PERIOD_LABELS: Record<PlanPeriod, { plans: string; rate: string }> = {
  daily: { plans: 'Daily plans', rate: 'daily' },
  weekly: { plans: 'Weekly plans', rate: 'weekly' },
  monthly: { plans: 'Monthly plans', rate: 'monthly' },
};
