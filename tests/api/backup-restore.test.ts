// Backup and restore on PostgreSQL (issue 8, docs/operations.md "Backups"): the shop's database is
// dumped with pg_dump, restored into a fresh database with pg_restore, and a server started on the
// copy (its migrations find nothing to do) shows every order as it was and takes new ones.
// Runs only with DATABASE_URL (PGlite has its own data folder to copy).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';

const run = promisify(execFile);
const DATABASE_URL = process.env.DATABASE_URL;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

describe.skipIf(!DATABASE_URL)(
  'backup and restore with pg_dump / pg_restore (skipped: set DATABASE_URL to a PostgreSQL server)',
  () => {
    let source: AdminTestApp;
    let restored: AdminTestApp | undefined;
    let restoredDb: Database | undefined;
    const restoredName = `shop_restore_${randomBytes(5).toString('hex')}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
    const dumpFile = path.join(dir, 'shop.dump');
    const orderIds: number[] = [];

    beforeAll(async () => {
      source = await createAdminTestApp({ fixture: 'demo' });
      const all = (await source.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
      orderIds.push(await placeOrder(source.app, { pieces: [selectionOf(all, all[0]!.url)] }));
      orderIds.push(
        await placeOrder(source.app, {
          pieces: [selectionOf(all, all[1]!.url), selectionOf(all, all[2]!.url)],
          shopper: FR_SHOPPER,
        }),
      );
      orderIds.push(
        await placeOrder(source.app, {
          pieces: [selectionOf(all, all[3]!.url), selectionOf(all, all[3]!.url)],
          shopper: { ...US_SHOPPER, email: 'grace@example.com', firstName: 'Grace' },
        }),
      );
    }, 120_000);

    afterAll(async () => {
      await restored?.close();
      await source?.close();
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${restoredName}" with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    });

    /** What the owner and the shopper see of the orders: the admin list and each order's lookup. */
    async function ordersAsSeen(t: AdminTestApp) {
      const placed = (await t.admin('GET', '/admin/api/getPlacedOrders')).json() as {
        orderId?: number;
        _id?: number;
      }[];
      const details = [];
      for (const orderId of orderIds) {
        const res = await t.app.inject({ method: 'POST', url: '/orderDetailsById', payload: { orderId } });
        expect(res.statusCode, res.body).toBe(200);
        details.push(res.json());
      }
      return { placed, details };
    }

    it('restores every order intact into a fresh database, and the shop runs on it', async () => {
      const sourceUrl = (source.database as Database & { url?: string }).url!;
      const before = await ordersAsSeen(source);
      expect(JSON.stringify(before.placed)).toContain(String(orderIds[0]));

      // The commands of docs/operations.md.
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, sourceUrl]);
      expect(statSync(dumpFile).size).toBeGreaterThan(1000);
      await run('psql', [DATABASE_URL!, '--no-psqlrc', '--quiet', '--command', `create database "${restoredName}"`]);
      const restoredUrl = withDatabase(DATABASE_URL!, restoredName);
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${restoredUrl}`,
        dumpFile,
      ]);

      // A server on the copy: boot runs the migrations, which find everything applied.
      restoredDb = await openDatabase({ databaseUrl: restoredUrl, poolSize: 5 });
      const migrations = async () =>
        (await restoredDb!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
          rows: { n: number }[];
        };
      const applied = (await migrations()).rows[0]!.n;
      expect(applied).toBeGreaterThan(0);
      restored = await createAdminTestApp({ database: restoredDb });
      expect((await migrations()).rows[0]!.n).toBe(applied);

      const after = await ordersAsSeen(restored);
      expect(after).toEqual(before);

      // Sequences came along: the copy takes new orders, and the old ones stay as they were.
      const all = (await restored.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
      const next = await placeOrder(restored.app, { pieces: [selectionOf(all, all[4]!.url)] });
      expect(orderIds).not.toContain(next);
      expect((await ordersAsSeen(restored)).details).toEqual(before.details);
    }, 180_000);
  },
);
