// What happens to a database before the shop serves from it: migrations, demo catalog, first admin.
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { Config } from './config.js';
import { rowsOf, type Database } from './db/client.js';
import { categories, items } from './db/schema.js';
import { adminAuthService } from './modules/admin-auth/admin-auth-service.js';
import { rateLimiter } from './http/rate-limit.js';
import { sessionService } from './modules/session/session-service.js';

export type BootReport = {
  /** Migrations applied to the database, this boot's included. */
  migrations: number;
  seeded: boolean;
  admin?: { email: string; generatedPassword: string | undefined };
};

/** Migrations, demo catalog and first admin, one server copy at a time (copies may boot together). */
export function prepareDatabase(config: Config, database: Database): Promise<BootReport> {
  return database.exclusive(() => prepare(config, database));
}

async function prepare(config: Config, database: Database): Promise<BootReport> {
  await database.migrate();
  const { db } = database;
  const [applied] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  let seeded = false;
  if (config.seed !== 'none') {
    const [itemCount] = await db.select({ n: count() }).from(items);
    const [categoryCount] = await db.select({ n: count() }).from(categories);
    if ((itemCount?.n ?? 0) === 0 && (categoryCount?.n ?? 0) === 0) {
      // Loaded only when needed: the seed pulls in the picture generator.
      const { seedDemo } = await import('./db/seed/seed-demo.js');
      await seedDemo(db, { uploadsDir: path.join(config.dataDir, 'uploads') });
      seeded = true;
    }
  }
  const auth = adminAuthService(db, sessionService(db), rateLimiter(db));
  const admin = await auth.bootstrap(config.admin);
  return { migrations: applied?.n ?? 0, seeded, admin };
}

/**
 * On local disk, draws the demo pictures this copy lacks when the catalog shows them: the copy that
 * loaded the demo catalog drew them into its own DATA_DIR, and another copy on the same database
 * would answer 404 for every one. Cheap when they are all there (the generator keeps existing files).
 */
export async function ensureDemoPictures(config: Config, database: Database): Promise<boolean> {
  if (config.storage.kind !== 'local') return false;
  const [shown] = await database.db
    .select({ n: count() })
    .from(items)
    .where(sql`${items.pictures}::text like ${'%"/uploads/demo/%'}`);
  if ((shown?.n ?? 0) === 0) return false;
  const { generateDemoPictures } = await import('./db/seed/seed-demo.js');
  await generateDemoPictures(path.join(config.dataDir, 'uploads'));
  return true;
}
