/** One hour in milliseconds. */
export const HOUR_MS = 3_600_000;
/** One calendar day in milliseconds, for terms counted in whole days. */
export const DAY_MS = 86_400_000;
