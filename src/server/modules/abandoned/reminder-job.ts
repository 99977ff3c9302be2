// The checkout reminder job (issue 28 #4): every minute, reminders of abandoned checkouts are
// written to the outbox (AbandonedService.runReminders). Safe in every copy at once: a bag is
// claimed once (update … where reminded_at is null, SKIP LOCKED).
import { periodic } from '../../jobs/periodic.js';
import type { AbandonedService } from './abandoned-service.js';

export const REMINDER_INTERVAL_MS = 60_000;

/** Every minute; with ABANDON_AFTER_SECONDS (journeys, demos) as often as a tenth of it, at least every second. */
export function reminderIntervalMs(abandonAfterSeconds: number | undefined): number {
  if (abandonAfterSeconds === undefined) return REMINDER_INTERVAL_MS;
  return Math.min(REMINDER_INTERVAL_MS, Math.max(1000, abandonAfterSeconds * 100));
}

export function checkoutReminderJob(
  abandoned: Pick<AbandonedService, 'runReminders'>,
  log: { warn: (o: object, m: string) => void },
  intervalMs = REMINDER_INTERVAL_MS,
) {
  return periodic(
    () => abandoned.runReminders(),
    intervalMs,
    (err) => log.warn({ err }, 'checkout reminder pass failed'),
  );
}
