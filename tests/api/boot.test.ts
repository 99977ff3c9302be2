// What a boot does to a database: migrations, the demo catalog on an empty one, the first admin.
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/server/boot.js';
import { loadConfig } from '../../src/server/config.js';
import { admins, categories, items } from '../../src/server/db/schema.js';
import { freshDatabase } from '../support/test-database.js';
import { testUploadsDir } from '../support/paths.js';
import { mkdtempSync, mkdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

function dataDirWithSharedPictures() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-boot-'));
  // Reuse the run's generated demo pictures instead of drawing them again.
  mkdirSync(testUploadsDir, { recursive: true });
  symlinkSync(testUploadsDir, path.join(dir, 'uploads'));
  return dir;
}

describe('prepareDatabase', () => {
  it('loads the demo catalog on an empty database and creates an admin with a generated password', async () => {
    const database = await freshDatabase('empty');
    opened.push(database);
    const config = loadConfig({ DATA_DIR: dataDirWithSharedPictures() });
    const report = await prepareDatabase(config, database);
    expect(report.seeded).toBe(true);
    expect(report.admin?.generatedPassword).toMatch(/^\S{12,}$/);
    const [n] = await database.db.select({ n: count() }).from(items);
    expect(n!.n).toBeGreaterThanOrEqual(24);

    const again = await prepareDatabase(config, database);
    expect(again.seeded).toBe(false);
    expect(again.admin).toBeUndefined();
    const [adminCount] = await database.db.select({ n: count() }).from(admins);
    expect(adminCount!.n).toBe(1);
  });

  it('creates the configured admin and loads nothing with SEED=none', async () => {
    const database = await freshDatabase('empty');
    opened.push(database);
    const config = loadConfig({
      DATA_DIR: dataDirWithSharedPictures(),
      SEED: 'none',
      ADMIN_EMAIL: 'owner@shop.test',
      ADMIN_PASSWORD: 'a long password',
    });
    const report = await prepareDatabase(config, database);
    expect(report).toMatchObject({ seeded: false, admin: { email: 'owner@shop.test', generatedPassword: undefined } });
    const [n] = await database.db.select({ n: count() }).from(categories);
    expect(n!.n).toBe(0);
  });
});
