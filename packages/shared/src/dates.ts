/*
 * One way to write a moment, on the pages and in the server's own sentences (e-mails, refusals):
 * "26 Nov 2026, 00:26". Pages show the reader's own time; the server, which cannot know it, writes
 * UTC and says so.
 */

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? 'local';
  let formatter = FORMATTERS.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    FORMATTERS.set(key, formatter);
  }
  return formatter;
}

/** "26 Nov 2026, 00:26", in the reader's time zone unless one is named. */
export function formatDateTime(time: Date, timeZone?: string): string {
  return formatterIn(timeZone).format(time);
}

/** "26 Nov 2026, 00:26 UTC": a moment in a sentence the server writes. */
export function formatUtcTime(time: Date): string {
  return `${formatDateTime(time, 'UTC')} UTC`;
}
