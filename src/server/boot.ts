// What happens to a database before the shop serves from it: migrations, demo catalog, first admin.
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { categories, items } from './db/schema.js';
import { adminAuthService } from './modules/admin-auth/admin-auth-service.js';
import { rateLimiter } from './http/rate-limit.js';
import { sessionService } from './modules/session/session-service.js';

export type BootReport = {
  seeded: boolean;
  admin?: { email: string; generatedPassword: string | undefined };
};

export async function prepareDatabase(config: Config, database: Database): Promise<BootReport> {
  await database.migrate();
  const { db } = database;
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
  return { seeded, admin };
}
