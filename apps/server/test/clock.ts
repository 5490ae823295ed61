import type { Clock } from '../src/lib/clock.ts';

/** A clock the tests move forward by hand (cool-offs, locks, plan terms). */
export function createTestClock(
  start = new Date(),
): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
    set(at) {
      current = at;
    },
  };
}
