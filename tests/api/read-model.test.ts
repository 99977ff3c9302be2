// Catalog caches are invalidated in every copy of the server, not only the one that wrote.
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { openDatabase } from '../../src/server/db/client.js';
import { items } from '../../src/server/db/schema.js';
import { createTestApp } from '../support/test-app.js';
import { freshDatabase } from '../support/test-database.js';

const onPostgres = inject('testDb').kind === 'postgres';

describe.runIf(onPostgres)('two server copies on one PostgreSQL database', () => {
  it('an edit through one copy shows on the other at once', async () => {
    const shared = await freshDatabase('demo');
    const second = await openDatabase({ databaseUrl: shared.url!, poolSize: 2 });
    const a = await createTestApp({ database: shared });
    const b = await createTestApp({ database: second });
    try {
      const before = (await b.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
      const target = before[0]!;
      await a.db.update(items).set({ title: 'Renamed On Copy A' }).where(eq(items.id, target._id));
      await a.app.ctx.services.readModel.invalidate();

      let title = '';
      for (let i = 0; i < 50 && title !== 'Renamed On Copy A'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const after = (await b.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
        title = after.find((x) => x._id === target._id)!.title;
      }
      expect(title).toBe('Renamed On Copy A');
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('one copy', () => {
  it('serves reads from memory until a write invalidates them', async () => {
    const t = await createTestApp({ fixture: 'demo' });
    try {
      const first = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
      await t.db.update(items).set({ title: 'Changed Behind The Cache' }).where(eq(items.id, first[0]!._id));
      const cached = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
      expect(cached[0]!.title).toBe(first[0]!.title);
      await t.app.ctx.services.readModel.invalidate();
      const fresh = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
      expect(fresh[0]!.title).toBe('Changed Behind The Cache');
    } finally {
      await t.close();
    }
  });
});
