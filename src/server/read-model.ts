// In-process read model for data that shoppers read far more often than the owner writes it
// (catalog, categories, info pages). Every write calls invalidate(): this copy drops its cache at
// once and the other copies hear it through PostgreSQL NOTIFY. While the notification channel is
// down, nothing is cached, so a copy can never serve stale data for longer than a reconnect.
import type { Database } from './db/client.js';
import { shopMetrics } from './metrics/shop-metrics.js';

export const CATALOG_CHANNEL = 'catalog_changed';

export type ReadModel = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The cached value if it is already loaded and current; never loads. */
  peek<T>(key: string): T | undefined;
  invalidate(): Promise<void>;
  /**
   * Changes with every invalidation (here or in another copy); undefined while changes cannot be
   * heard, when nothing derived from the read model may be kept either.
   */
  version(): number | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createReadModel(database: Database, log: { warn: (o: object, m: string) => void }): ReadModel {
  const cache = new Map<string, Promise<unknown>>();
  const settled = new Map<string, unknown>();
  let generation = 0;
  let listening = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const clear = () => {
    shopMetrics.readModelRefreshes.inc();
    generation++;
    cache.clear();
    settled.clear();
  };

  async function subscribe() {
    try {
      unlisten = await database.listen(CATALOG_CHANNEL, clear, lost);
      clear();
      listening = true;
    } catch (err) {
      listening = false;
      log.warn({ err }, 'read model: cannot listen for catalog changes, retrying');
      if (!stopped) retry = setTimeout(subscribe, 1000);
    }
  }

  /** The listening connection ended by itself: changes made meanwhile go unheard, so cache nothing until it is back. */
  function lost() {
    listening = false;
    unlisten = undefined;
    clear();
    if (stopped) return;
    log.warn({}, 'read model: lost the connection that listens for catalog changes, reconnecting');
    retry = setTimeout(subscribe, 1000);
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!listening) return load();
      const hit = cache.get(key);
      if (hit) return hit as Promise<T>;
      const gen = generation;
      // Promise.resolve: a Drizzle query builder is a thenable that runs again on every await.
      const pending = Promise.resolve(load());
      cache.set(key, pending);
      // A failed load or one that raced an invalidation must not stay cached.
      pending.then(
        (value) => {
          if (gen !== generation) {
            if (cache.get(key) === pending) cache.delete(key);
          } else settled.set(key, value);
        },
        () => {
          if (cache.get(key) === pending) cache.delete(key);
        },
      );
      return pending;
    },
    peek<T>(key: string): T | undefined {
      return listening ? (settled.get(key) as T | undefined) : undefined;
    },
    version: () => (listening ? generation : undefined),
    async invalidate() {
      clear();
      await database.notify(CATALOG_CHANNEL, String(Date.now()));
    },
    start: () => {
      stopped = false;
      return subscribe();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      listening = false;
      await unlisten?.().catch(() => {});
    },
  };
}
