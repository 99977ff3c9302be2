// One Drizzle handle over either PGlite (embedded, file-backed) or a PostgreSQL pool.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { runtimeFiles } from '../runtime-files.js';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server copy on this database runs its own (PostgreSQL: a session
   * advisory lock, let go when the work ends or the process dies). Copies that boot together
   * migrate and seed one after the other instead of racing. PGlite has one process.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Cheap liveness probe for /healthz. */
  ping(): Promise<void>;
  /**
   * Subscribe to a PostgreSQL NOTIFY channel (works on both drivers, within their reach). `onLost` is
   * called once if the listening connection ends by itself (PostgreSQL stopped or unreachable).
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start each database from one). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Calls `listener` with the text of every SQL statement sent from now on (tests count them per
   * request); answers the function that stops it. With no listener the cost is one size check.
   */
  observeQueries(listener: QueryListener): () => void;
  /** Issue 29 (metrics): the PostgreSQL pool's connections now; PGlite has no pool (one query at a time). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
};

export type QueryListener = (sql: string, params: unknown[]) => void;

/** The statement observers of one database and the Drizzle logger that feeds them. */
function queryObservers() {
  const listeners = new Set<QueryListener>();
  const emit = (sql: string, params: unknown[] = []) => {
    if (listeners.size === 0) return;
    for (const listener of listeners) listener(sql, params);
  };
  return {
    emit,
    logger: { logQuery: emit },
    observeQueries(listener: QueryListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The advisory lock key of a boot's migrations and seed (any fixed bigint the shop owns). */
const BOOT_LOCK = '7203511894217';

export const migrationsFolder = runtimeFiles.migrations;

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  /** `holder`: who opens it ('the shop', 'npm run admin'), named to a process refused while it holds the folder. */
  | { dataDir: string; loadDataDir?: Blob | File; holder?: string }
  | { memory: true; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPglite(
  options:
    | { dataDir: string; loadDataDir?: Blob | File; holder?: string }
    | { memory: true; loadDataDir?: Blob | File },
) {
  let dataDir: string | undefined;
  let unlock = () => {};
  if ('dataDir' in options) {
    dataDir = path.join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir, options.holder ?? `a process (${path.basename(process.argv[1] ?? 'node')})`);
  }
  let client: PGlite;
  try {
    // Search (issue 27) uses trigram similarity and accent folding: both ship with PGlite as contrib
    // extensions and with PostgreSQL's contrib package; the migration creates them.
    const extensions = { pg_trgm, unaccent };
    client = await PGlite.create(
      dataDir,
      options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
    );
  } catch (err) {
    unlock();
    throw err;
  }
  const observers = queryObservers();
  const db = drizzlePglite(client, { schema, logger: observers.logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    exclusive: (work) => work(),
    ping: async () => {
      observers.emit('select 1');
      await client.query('select 1');
    },
    listen: async (channel, onMessage) => {
      const unsubscribe = await client.listen(channel, onMessage);
      return unsubscribe;
    },
    notify: async (channel, payload) => {
      observers.emit('select pg_notify($1, $2)', [channel, payload]);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    observeQueries: observers.observeQueries,
  } satisfies Database;
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5000 });
  // A dropped idle connection (server restart) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const observers = queryObservers();
  const db = drizzlePg(pool, { schema, logger: observers.logger }) as unknown as Db;
  const listeners: pg.Client[] = [];
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    exclusive: async (work) => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [BOOT_LOCK]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [BOOT_LOCK]).catch(() => {});
        }
      } finally {
        holder.release();
      }
    },
    ping: async () => {
      observers.emit('select 1');
      await pool.query('select 1');
    },
    listen: async (channel, onMessage, onLost) => {
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel) onMessage(msg.payload ?? '');
      });
      try {
        await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      listeners.push(client);
      let ended = false;
      const forget = () => {
        const at = listeners.indexOf(client);
        if (at !== -1) listeners.splice(at, 1);
      };
      // Notifications sent while this connection is down are lost: the listener must know.
      client.once('end', () => {
        forget();
        if (!ended && !closed) onLost?.();
      });
      return async () => {
        ended = true;
        forget();
        await client.end().catch(() => {});
      };
    },
    notify: async (channel, payload) => {
      observers.emit('select pg_notify($1, $2)', [channel, payload]);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    observeQueries: observers.observeQueries,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: async () => {
      closed = true;
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** The rows of a raw `execute(sql…)` result; both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
