import { formatDateTime as formatMoment, formatUsd } from '@vestora/shared';

/** The API sends USD numbers with at most two decimals; formatting goes through cents so it never rounds twice. */
export const usd = (amount: number) => formatUsd(Math.round(amount * 100));

/** In the reader's time zone, written as the server's own sentences write UTC (shared dates.ts). */
export const formatDateTime = (iso: string) => formatMoment(new Date(iso));

const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

export const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
