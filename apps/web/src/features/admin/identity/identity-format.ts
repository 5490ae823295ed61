const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "yesterday", "5 minutes ago": how long a submission has waited, at a glance. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** A date of birth is a calendar day, not a moment: written as it is, whatever the reader's time zone. */
const calendarDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
export const formatCalendarDay = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));

/** Whole years from a YYYY-MM-DD birthday to `today`. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year = 0, month = 0, day = 0] = dateOfBirth.split('-').map(Number);
  const hasHadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return today.getUTCFullYear() - year - (hasHadBirthday ? 0 : 1);
}
