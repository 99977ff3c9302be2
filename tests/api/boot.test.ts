// What a boot does to a database: migrations, the demo catalog on an empty one, the first admin.
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { prepareDatabase } from '../../src/server/boot.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { admins, categories, items } from '../../src/server/db/schema.js';
import { sessionService } from '../../src/server/modules/session/session-service.js';
import { freshDatabase } from '../support/test-database.js';
import { ROOT, testUploadsDir } from '../support/paths.js';
import { spawnSync } from 'node:child_process';
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

describe.runIf(inject('testDb').kind === 'pglite')('restarting on the embedded database', () => {
  it('keeps the catalog, the admin and sessions on disk in DATA_DIR', async () => {
    const dataDir = dataDirWithSharedPictures();
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'a long password' });
    const first = await openDatabase({ dataDir });
    expect((await prepareDatabase(config, first)).seeded).toBe(true);
    const session = await sessionService(first.db).createShopper();
    await first.close();

    const second = await openDatabase({ dataDir });
    opened.push(second);
    const report = await prepareDatabase(config, second);
    expect(report).toEqual({ seeded: false, admin: undefined });
    const [n] = await second.db.select({ n: count() }).from(items);
    expect(n!.n).toBeGreaterThanOrEqual(24);
    expect(await sessionService(second.db).findShopper(session.id)).toBeDefined();
  }, 60_000);
});

describe('starting with a bad configuration', () => {
  it('stops the boot with a message naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'shop-badenv-')) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PORT: /);
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });
});
