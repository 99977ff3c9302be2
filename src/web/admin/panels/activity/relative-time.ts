// 'just now', '5 minutes ago', 'yesterday', '3 days ago', then the date: when an entry happened, as a
// person says it; the exact time is in the title.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) {
    const n = Math.floor(ago / MINUTE);
    return `${n} minute${n === 1 ? '' : 's'} ago`;
  }
  if (ago < DAY) {
    const n = Math.floor(ago / HOUR);
    return `${n} hour${n === 1 ? '' : 's'} ago`;
  }
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return at.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** The exact time, for the title: 'Nov 26, 2026, 6:41:09 PM'. */
export const exactTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
