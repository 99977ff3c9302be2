// Answers of GET /getCart kept in memory, so reading a bag that has not changed costs no database
// round trip (a bag is read on every page; it changes only when the shopper adds, removes or orders).
//
// Correct across server copies without a message bus: every write to a bag gives the browser a new
// bag-version cookie (BAG_VERSION_COOKIE), and an entry is served only to a request carrying the
// version it was read for. A copy that did not see the write sees a version it has no entry for and
// reads the database. An entry is also tied to the catalog snapshot it was described from (a catalog
// edit re-describes every bag) and ends with its session.
//
// Entries are keyed by the signed session cookie as the browser sends it, stored only after the
// signature was checked, so the fast path can serve them without checking it again.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { Prepared } from '../../http/prepared.js';

export const BAG_VERSION_COOKIE = 'bv';

/** A bag answer for one session at one bag version and one catalog snapshot. */
export type CachedBag = {
  sessionId: string;
  version: string | undefined;
  snapshot: object;
  liveUntil: number;
  answer: Prepared<unknown>;
};

// A version only has to differ from every other version of the same bag, in this copy and in others:
// a random prefix drawn once per process and a counter (a random draw per write cost ~2% of the
// add/remove bench's CPU).
const versionPrefix = randomBytes(6).toString('base64url');
let versionCount = 0;
export const newBagVersion = () => `${versionPrefix}${(++versionCount).toString(36)}`;

export function bagCache({ maxEntries = 5000, now = () => Date.now() } = {}) {
  const bySignedCookie = new Map<string, CachedBag>();
  const keyOfSession = new Map<string, string>();
  /** When each recently written bag was last invalidated, so a read that raced a write is not kept. */
  const lastWrite = new Map<string, number>();
  let clockTick = 0;

  function drop(signedCookie: string) {
    const entry = bySignedCookie.get(signedCookie);
    if (!entry) return;
    bySignedCookie.delete(signedCookie);
    if (keyOfSession.get(entry.sessionId) === signedCookie) keyOfSession.delete(entry.sessionId);
  }

  return {
    /** The cached answer for this cookie pair, if it is still the bag the browser last changed. */
    get(signedCookie: string, version: string | undefined, snapshot: object | undefined): CachedBag | undefined {
      const entry = bySignedCookie.get(signedCookie);
      if (!entry) return undefined;
      if (entry.version !== version || entry.snapshot !== snapshot || entry.liveUntil <= now()) {
        drop(signedCookie);
        return undefined;
      }
      return entry;
    },

    /** Call before reading a bag from the database; hand the mark to put(). */
    mark: () => ++clockTick,

    /** Keeps a bag read from the database, unless the bag was written to since `mark`. */
    put(signedCookie: string, mark: number, entry: Omit<CachedBag, 'answer'> & { json: string }) {
      if ((lastWrite.get(entry.sessionId) ?? 0) >= mark) return;
      drop(signedCookie);
      const old = keyOfSession.get(entry.sessionId);
      if (old !== undefined) drop(old);
      if (bySignedCookie.size >= maxEntries) {
        // The oldest entry goes first (a Map keeps insertion order).
        const oldest = bySignedCookie.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      const { json, ...rest } = entry;
      bySignedCookie.set(signedCookie, { ...rest, answer: Prepared.fromJson(json, { fast: true }) });
      keyOfSession.set(entry.sessionId, signedCookie);
    },

    /** After a write to the session's bag, in this copy (other copies see the new version cookie). */
    invalidate(sessionId: string) {
      const key = keyOfSession.get(sessionId);
      if (key !== undefined) drop(key);
      lastWrite.delete(sessionId);
      lastWrite.set(sessionId, ++clockTick);
      if (lastWrite.size > maxEntries) {
        const oldest = lastWrite.keys().next().value;
        if (oldest !== undefined) lastWrite.delete(oldest);
      }
    },

    get size() {
      return bySignedCookie.size;
    },
  };
}
export type BagCache = ReturnType<typeof bagCache>;

/** The cache plus what routes call after they changed a bag: drop this copy's entry, give the browser a new version. */
export function bagCacheFor(config: Pick<Config, 'secureCookies'>, options?: Parameters<typeof bagCache>[0]) {
  const cache = bagCache(options);
  function changed(reply: FastifyReply, sessionId: string): string {
    cache.invalidate(sessionId);
    const version = newBagVersion();
    reply.setCookie(BAG_VERSION_COOKIE, version, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
    });
    return version;
  }
  return Object.assign(cache, {
    changed,
    /**
     * After a write whose result is known (add, remove): as `changed`, and the bag as the write left
     * it is kept for the new version, so the shopper's next /getCart is answered from memory. The
     * write committed before this runs, and a session's writes settle in order (group commit), so
     * no older bag can take the place of a newer one.
     */
    wrote(
      reply: FastifyReply,
      signedCookie: string,
      sessionId: string,
      bag: { lines: string; snapshot: object; liveUntil: Date } | undefined,
    ) {
      const version = changed(reply, sessionId);
      if (!bag) return;
      const mark = cache.mark();
      cache.put(signedCookie, mark, {
        sessionId,
        version,
        snapshot: bag.snapshot,
        liveUntil: bag.liveUntil.getTime(),
        json: bag.lines,
      });
    },
  });
}
