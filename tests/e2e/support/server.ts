// Global setup of the journeys: one shop with the demo catalog on a fresh database
// (PGlite in a temp DATA_DIR, or a new database on DATABASE_URL's server).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startShop } from '../../support/shop-process.js';

export const E2E_ADMIN = { email: 'owner@murashki.test', password: 'e2e-admin-password' };

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED: 'demo',
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `shop_e2e_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const shop = await startShop(env);
  project.provide('shopUrl', shop.url);
  return async () => {
    await shop.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
  }
}
