// Liveness and readiness (issue 29 #4): /livez answers while the process runs, with no database call;
// /readyz answers 200 only when the database is reachable, every shipped migration is applied and the
// read model listens for catalog changes, else 503 naming what failed. On PostgreSQL, a server of the
// test's own is stopped and started again: /readyz fails meanwhile and recovers by itself after.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client.js';
import { postgresBinaries, privatePostgres, type PrivatePostgres } from '../support/private-postgres.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type Ready = { status?: string; error?: string; message?: string; checks: Record<string, string> };

const readyz = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() as Ready, cache: res.headers['cache-control'] };
};

describe('/livez and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/livez answers 200 without asking the database', async () => {
    const statements: string[] = [];
    const stop = t.database.observeQueries((s) => statements.push(s));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/livez' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      stop();
    }
    expect(statements).toEqual([]);
  });

  it('/readyz answers 200 with every check ok on a migrated database with a listening read model', async () => {
    expect(await readyz(t)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', readModel: 'ok' } },
      cache: 'no-store',
    });
  });

  it('/readyz answers 503 while the last shipped migration is not applied, and 200 once it is', async () => {
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.db.execute(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const { status, body } = await readyz(t);
      expect(status).toBe(503);
      expect(body).toMatchObject({
        error: 'unavailable',
        message: 'Not ready: migrations are not applied',
        checks: { database: 'ok', migrations: 'pending', readModel: 'ok' },
      });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect((await readyz(t)).status).toBe(200);
  });

  it('/readyz answers 503 while the read model does not listen', async () => {
    await t.app.ctx.services.readModel.stop();
    try {
      const { status, body } = await readyz(t);
      expect(status).toBe(503);
      expect(body).toMatchObject({
        message: 'Not ready: the read model is not listening for catalog changes',
        checks: { database: 'ok', migrations: 'ok', readModel: 'not listening' },
      });
    } finally {
      await t.app.ctx.services.readModel.start();
    }
    expect((await readyz(t)).status).toBe(200);
  });
});

describe('/readyz on a database that was never migrated', () => {
  it('answers 503: migrations pending', async () => {
    const t = await createTestApp();
    // What a database no migration ever ran on lacks: drizzle's record of them.
    await t.db.execute(sql`drop schema drizzle cascade`);
    try {
      const { status, body } = await readyz(t);
      expect(status).toBe(503);
      expect(body.checks).toEqual({ database: 'ok', migrations: 'pending', readModel: 'ok' });
    } finally {
      await t.close();
    }
  });
});

const onPostgres = inject('testDb').kind === 'postgres';

describe.runIf(!onPostgres)('/readyz with the embedded database closed', () => {
  it('answers 503 (database unreachable) while /livez still answers 200', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const { status, body } = await readyz(t);
      expect(status).toBe(503);
      expect(body).toMatchObject({ error: 'unavailable', checks: { database: 'unreachable', migrations: 'unknown' } });
      expect(body.message).toMatch(/^Not ready: the database is unreachable/);
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});

describe.runIf(onPostgres)('/readyz while PostgreSQL is stopped and started again', () => {
  let server: PrivatePostgres | undefined;
  let database: Database | undefined;
  let t: TestApp | undefined;

  beforeAll(async () => {
    if (!(await postgresBinaries())) throw new Error('this test needs the PostgreSQL server binaries (initdb, pg_ctl)');
    server = await privatePostgres();
    database = await openDatabase({ databaseUrl: server.url, poolSize: 3 });
    await database.migrate();
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await (t ? t.close() : database?.close());
    await server?.destroy();
  });

  it('fails while the server is down, with /livez still 200, and recovers without a restart', async () => {
    const app = t!;
    expect((await readyz(app)).status).toBe(200);

    await server!.stop();
    const down = await readyz(app);
    expect(down.status).toBe(503);
    expect(down.body.checks.database).toBe('unreachable');
    // The listening connection went with the server: the read model knows it, and caches nothing.
    await expect
      .poll(async () => (await readyz(app)).body.checks.readModel, { timeout: 10_000, interval: 100 })
      .toBe('not listening');
    expect(app.app.ctx.services.readModel.version()).toBeUndefined();
    expect((await app.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);

    await server!.start();
    await expect.poll(async () => (await readyz(app)).status, { timeout: 20_000, interval: 250 }).toBe(200);
    expect((await readyz(app)).body.checks).toEqual({ database: 'ok', migrations: 'ok', readModel: 'ok' });

    // Listening again for real: a change announced by another copy reaches this one.
    const version = app.app.ctx.services.readModel.version();
    const other = new pg.Client({ connectionString: server!.url });
    await other.connect();
    try {
      await other.query(`select pg_notify('catalog_changed', 'from another copy')`);
    } finally {
      await other.end();
    }
    await expect.poll(() => app.app.ctx.services.readModel.version(), { timeout: 5_000 }).not.toBe(version);
  }, 120_000);
});
