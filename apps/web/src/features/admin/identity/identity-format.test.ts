import { describe, expect, it } from 'vitest';
import { ageOn, formatCalendarDay, timeAgo } from './identity-format.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('timeAgo', () => {
  it('names the largest whole unit that has passed', () => {
    expect(timeAgo('2026-11-26T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-11-26T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-26T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(timeAgo('2026-11-25T12:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('2026-11-16T12:00:00Z', NOW)).toBe('last week');
    expect(timeAgo('2025-11-26T12:00:00Z', NOW)).toBe('last year');
  });
});

describe('ageOn', () => {
  it('counts a year only once the birthday has come', () => {
    const today = new Date('2026-03-12T08:00:00Z');
    expect(ageOn('2008-03-12', today)).toBe(18);
    expect(ageOn('2008-03-13', today)).toBe(17);
    expect(ageOn('2008-04-01', today)).toBe(17);
    expect(ageOn('1990-01-31', today)).toBe(36);
  });
});

describe('formatCalendarDay', () => {
  it('writes the day as given, whatever the time zone', () => {
    expect(formatCalendarDay('1990-03-01')).toBe('1 Mar 1990');
  });
});
