// The funnel's counting in memory (decision 039): which sessions reached which step today, and the
// rows not yet written. The hot path (a product read) is a map lookup and a bit test; the signature
// check and the hash are paid once per session, step and day.
import type { FunnelStep } from '../../../contract/funnel.js';

export const FUNNEL_STEPS = [
  'visited',
  'viewedProduct',
  'addedToBag',
  'gaveShipping',
  'placedOrder',
] as const satisfies readonly FunnelStep[];

/** A step and every step before it: a session that reached a step has passed the ones before (decision 039). */
const REACHED: Record<FunnelStep, number> = Object.fromEntries(
  FUNNEL_STEPS.map((step, i) => [step, (1 << (i + 1)) - 1]),
) as Record<FunnelStep, number>;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A session's first sight at a step on a shop day: what a flush writes. */
export type FunnelSighting = { day: string; step: FunnelStep; key: string; hour: number };

export type FunnelCounterOptions = {
  now: () => number;
  /** The session id of a signed cookie value (decoded), or undefined when its signature is wrong. */
  unsign: (signed: string) => string | undefined;
  /** The de-duplication key written for a session on a day: a day-salted hash. */
  keyOf: (sessionId: string, day: string) => string;
  /** Sessions remembered per day before the memory is dropped (the database still de-duplicates). */
  maxSessions?: number;
  /** Sightings waiting for a flush before new ones are dropped (the database is away). */
  maxPending?: number;
};

/** The shop's date (YYYY-MM-DD) at an instant, in a time zone. */
export function shopDay(at: number, timeZone: string): string {
  return dayFormat(timeZone).format(at);
}
const formats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/** A cookie value as Fastify decodes it; a value that does not decode is refused by its signature check. */
function decoded(sent: string): string {
  if (!sent.includes('%')) return sent;
  try {
    return decodeURIComponent(sent);
  } catch {
    return '';
  }
}

export function funnelCounter(options: FunnelCounterOptions) {
  const maxSessions = options.maxSessions ?? 500_000;
  const maxPending = options.maxPending ?? 1_000_000;
  let timeZone = 'UTC';
  let day = '';
  // Every time zone's midnight falls on a whole minute: checking the day once a minute is exact.
  let checkDayAt = 0;
  /** The cookie's signature (itself a keyed hash of the session id) → the steps reached today, as bits. */
  let reached = new Map<string, number>();
  let pending: FunnelSighting[] = [];
  let dropped = 0;

  function currentDay(now: number) {
    if (now >= checkDayAt) {
      const today = shopDay(now, timeZone);
      if (today !== day) {
        day = today;
        reached = new Map();
      }
      checkDayAt = now - (now % MINUTE_MS) + MINUTE_MS;
    }
    return day;
  }

  return {
    /**
     * Counts the session of a shopper cookie, as the browser sends it (URL-encoded), at a step, once a
     * day. The hot path: a slice and a map lookup.
     */
    seen(sent: string | undefined, step: FunnelStep): void {
      if (!sent) return;
      const now = options.now();
      const today = currentDay(now);
      const dot = sent.lastIndexOf('.');
      if (dot <= 0) return;
      const signature = sent.slice(dot + 1);
      const had = reached.get(signature) ?? 0;
      const want = REACHED[step];
      if ((had & want) === want) return;

      const sessionId = options.unsign(decoded(sent));
      if (sessionId === undefined) return;
      const key = options.keyOf(sessionId, today);
      const hour = now - (now % HOUR_MS);
      for (const [i, s] of FUNNEL_STEPS.entries()) {
        const bit = 1 << i;
        if (!(want & bit) || had & bit) continue;
        if (pending.length >= maxPending) dropped++;
        else pending.push({ day: today, step: s, key, hour });
      }
      if (reached.size >= maxSessions) reached = new Map();
      reached.set(signature, had | want);
    },
    /** The sightings not yet written, handed over (and forgotten here). */
    take(): FunnelSighting[] {
      const taken = pending;
      pending = [];
      return taken;
    },
    /** Sightings a failed write hands back, to try again at the next flush. */
    giveBack(sightings: FunnelSighting[]) {
      const room = Math.max(0, maxPending - pending.length);
      dropped += Math.max(0, sightings.length - room);
      pending = sightings.slice(0, room).concat(pending);
    },
    /** How many sightings were dropped since the last call (the database was away too long). */
    takeDropped(): number {
      const n = dropped;
      dropped = 0;
      return n;
    },
    get pendingCount() {
      return pending.length;
    },
    /** The shop's time zone (Settings › Reports and reminders): days are the shop's days. */
    setTimeZone(zone: string) {
      if (zone === timeZone) return;
      timeZone = zone;
      checkDayAt = 0;
    },
    /** Today's date in the shop's time zone. */
    today: () => currentDay(options.now()),
  };
}
export type FunnelCounter = ReturnType<typeof funnelCounter>;
