/** Where the platform reads the time, so tests can move it forward (plan returns, maturities). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
