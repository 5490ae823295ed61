import { describe, expect, it } from 'vitest';
import { formatDateTime, formatUtcTime } from './dates.ts';
import { withdrawalsLockedMessage } from './messages.ts';

describe('one way to write a moment', () => {
  const moment = new Date('2026-11-26T00:26:59Z');

  it('writes the day, the short month, the year and the minute', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('26 Nov 2026, 00:26');
    expect(formatDateTime(moment, 'America/Sao_Paulo')).toBe('25 Nov 2026, 21:26');
  });

  it('says UTC in the sentences the server writes, in the same form as the pages', () => {
    expect(formatUtcTime(moment)).toBe('26 Nov 2026, 00:26 UTC');
    expect(withdrawalsLockedMessage(moment)).toContain('until 26 Nov 2026, 00:26 UTC.');
  });
});
