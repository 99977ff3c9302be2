// Builds the real app on a fresh database for API tests (app.inject, no listening socket).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Item } from '../../src/contract/catalog.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createMailer, type Mailer } from '../../src/server/providers/mail/mailer.js';
import type { Database } from '../../src/server/db/client.js';
import { freshDatabase, type Fixture } from './test-database.js';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  options: {
    fixture?: Fixture;
    /** Use this database instead of a fresh one (e.g. a second server copy on the same PostgreSQL). */
    database?: Database;
    env?: Record<string, string>;
    mailer?: Mailer;
    clock?: () => Date;
    /** Fastify logger options (default: no logging), e.g. a stream that collects the log lines. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /** Runs before app.ready(), e.g. to add a route that exercises the error handler. */
    beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = options.database ?? (await freshDatabase(options.fixture ?? 'empty'));
  const mailer = options.mailer ?? createMailer({ dataDir, from: config.mailFrom });
  const app = await buildApp({ config, database, mailer, logger: options.logger ?? false, clock: options.clock });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    mailer,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `sid=…` cookie pair from a response, to send back on the next request. */
export function cookieFrom(res: { cookies: { name: string; value: string }[] }, name: string) {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : undefined;
}

/** The catalog as the storefront lists it (GET /getAllItems). */
export async function storefrontItems(app: TestApp['app']): Promise<Item[]> {
  return (await app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
}

/** An app made by `create` (createTestApp, createAdminTestApp) on the demo catalog, and that catalog as the storefront lists it. */
export async function onDemoCatalog<T extends TestApp>(
  create: (options: { fixture: 'demo' }) => Promise<T>,
): Promise<{ t: T; all: Item[] }> {
  const t = await create({ fixture: 'demo' });
  return { t, all: await storefrontItems(t.app) };
}
