// The funnel (issue 28 #2, decision 039): sessions that visited → viewed a product → added to the bag
// → gave their shipping details → placed an order, counted in memory as they happen and written in
// batches (every few seconds, before a read, and at shutdown) into per-hour counts that every copy of
// the server adds to. Nothing about a shopper is kept: per-hour counts, and for the current days a
// day-salted hash that lets copies count a session once.
import { createHmac } from 'node:crypto';
import { signerFactory } from '@fastify/cookie';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Funnel, FunnelStep } from '../../../contract/funnel.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { funnelHours, funnelSeen } from '../../db/schema.js';
import { periodic } from '../../jobs/periodic.js';
import { FUNNEL_STEPS, type FunnelSighting, funnelCounter } from './funnel-counter.js';
import { shopperCookieOf } from './shopper-cookie.js';

export const FUNNEL_FLUSH_MS = 5_000;
/** Sightings per statement (3 parameters each, far under PostgreSQL's 65,535). */
const BATCH = 2_000;
/** De-duplication keys are kept for today and yesterday (a late flush of yesterday's sightings still de-duplicates). */
const KEEP_SEEN_DAYS = 2;

type Log = { warn: (o: object, m: string) => void };

export function funnelService(deps: {
  db: Db;
  clock: Clock;
  /** The cookie secret: checks a cookie's signature, and salts the day's keys. */
  secret: string;
  /** The shop's time zone (Settings › Reports and reminders): a day is the shop's day. */
  timeZone?: () => Promise<string>;
  log?: Log;
  flushEveryMs?: number;
}) {
  const { db, clock } = deps;
  const signer = signerFactory(deps.secret);
  const counter = funnelCounter({
    now: () => clock().getTime(),
    unsign: (signed) => {
      const { valid, value } = signer.unsign(signed);
      return valid && value ? value : undefined;
    },
    keyOf: (sessionId, day) =>
      createHmac('sha256', deps.secret).update(`funnel:${day}:${sessionId}`).digest('base64url').slice(0, 22),
  });
  let purgedBefore = '';
  let writing: Promise<void> = Promise.resolve();

  async function refreshTimeZone() {
    if (deps.timeZone) counter.setTimeZone(await deps.timeZone());
  }

  /** One statement: the sightings no copy has written today become keys, and only those add to the hours. */
  async function write(sightings: FunnelSighting[]) {
    const rows = sql.join(
      sightings.map(
        (s) => sql`(${s.day}::date, ${s.step}::text, ${s.key}::text, ${new Date(s.hour).toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      with sighted (day, step, key, hour) as (values ${rows}),
      fresh as (
        insert into ${funnelSeen} (day, step, key)
        select day, step, key from sighted order by day, step, key
        on conflict do nothing
        returning day, step, key
      )
      insert into ${funnelHours} (hour, step, sessions)
      select s.hour, s.step, count(*)::int from fresh f join sighted s using (day, step, key)
      group by s.hour, s.step order by s.hour, s.step
      on conflict (hour, step) do update set sessions = ${funnelHours.sessions} + excluded.sessions`);
  }

  /** Deletes the keys of days gone by, once a day per copy (every copy doing it is harmless). */
  async function purgeOldKeys() {
    const today = counter.today();
    if (today === purgedBefore) return;
    const oldest = new Date(`${today}T00:00:00Z`);
    oldest.setUTCDate(oldest.getUTCDate() - (KEEP_SEEN_DAYS - 1));
    await db.execute(
      sql`delete from ${funnelSeen} where ${funnelSeen.day} < ${oldest.toISOString().slice(0, 10)}::date`,
    );
    purgedBefore = today;
  }

  async function flushNow() {
    await refreshTimeZone();
    const sightings = dedupe(counter.take());
    if (sightings.length === 0) return;
    for (let i = 0; i < sightings.length; i += BATCH) {
      const batch = sightings.slice(i, i + BATCH);
      try {
        await write(batch);
      } catch (err) {
        counter.giveBack(sightings.slice(i));
        throw err;
      }
    }
    const dropped = counter.takeDropped();
    if (dropped > 0) deps.log?.warn({ dropped }, 'funnel sightings dropped while the database was away');
    await purgeOldKeys();
  }

  /** Writes what is counted in memory; flushes run one after another. */
  function flush(): Promise<void> {
    const next = writing.then(flushNow, flushNow);
    writing = next.catch(() => {});
    return next;
  }

  // An idle shop sends nothing: a pass with nothing counted does not touch the database.
  const job = periodic(
    async () => counter.pendingCount > 0 && flush(),
    deps.flushEveryMs ?? FUNNEL_FLUSH_MS,
    (err) => deps.log?.warn({ err }, 'funnel counts not written; kept for the next flush'),
  );

  return {
    /**
     * Counts the session of a shopper cookie (`request.cookies.sid`) at a step, once a day. The shop's
     * cookie values have nothing to URL-encode, so Fastify's value is the one the browser sends.
     */
    seen(signed: string | undefined, step: FunnelStep) {
      counter.seen(signed, step);
    },
    /** The same from a raw Cookie header (the node:http fast path): a few string operations and a map lookup. */
    seenInHeader(header: string | undefined, step: FunnelStep) {
      counter.seen(shopperCookieOf(header), step);
    },
    /** The same for a session just opened (its cookie is only on the answer). */
    seenSession(sessionId: string, step: FunnelStep) {
      counter.seen(signer.sign(sessionId), step);
    },
    flush,
    start() {
      refreshTimeZone().catch((err) => deps.log?.warn({ err }, 'funnel: time zone not read'));
      job.start();
    },
    /** Stops the periodic flush and writes what is left. */
    async stop() {
      await job.stop();
      await flush().catch((err) => deps.log?.warn({ err }, 'funnel counts not written at shutdown'));
    },
    /** Sessions at each step between two instants (`to` excluded), by whole UTC hours; counts in memory included. */
    async between(from: Date, to: Date): Promise<Funnel> {
      await flush();
      const rows = await db
        .select({ step: funnelHours.step, sessions: sql<number>`coalesce(sum(${funnelHours.sessions}), 0)::int` })
        .from(funnelHours)
        .where(and(gte(funnelHours.hour, from), lt(funnelHours.hour, to)))
        .groupBy(funnelHours.step);
      const funnel: Funnel = { visited: 0, viewedProduct: 0, addedToBag: 0, gaveShipping: 0, placedOrder: 0 };
      for (const row of rows)
        if ((FUNNEL_STEPS as readonly string[]).includes(row.step))
          funnel[row.step as FunnelStep] = Number(row.sessions);
      return funnel;
    },
  };
}
export type FunnelService = ReturnType<typeof funnelService>;

/** A session seen again after this copy's memory was dropped gives the same sighting twice: one row each. */
function dedupe(sightings: FunnelSighting[]): FunnelSighting[] {
  const seen = new Set<string>();
  return sightings.filter((s) => {
    const id = `${s.day} ${s.step} ${s.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
