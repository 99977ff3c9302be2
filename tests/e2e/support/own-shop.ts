// A shop of a journey's own, for journeys that change what the whole shop shows (settings, home,
// staff) or need an empty database (SEED=none): its own process, database (PGlite in a temp
// DATA_DIR, or a new database on DATABASE_URL's server) and SMTP sink, so it shares no state with
// the global setup's shop and its journey can run beside the others.
//
//   const shop = await startOwnShop({ seed: 'none' });
//   await page.goto(`${shop.url}/`);  …  const mail = await shop.mailTo('x@y.test', 'Subject');
//   await shop.stop();
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { startShop } from '../../support/shop-process.js';
import { startSmtpSink, type ReceivedMail } from '../../support/smtp-sink.js';
import { E2E_ADMIN } from './server.js';

export type OwnShop = {
  url: string;
  /** Mail the shop sent, oldest first. */
  mails(): ReceivedMail[];
  /** Waits for the first mail to `email` whose subject starts with `subject` (or matches it). */
  mailTo(email: string, subject: string | RegExp, timeout?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

export async function startOwnShop(
  options: { seed?: 'none' | 'demo'; env?: Record<string, string> } = {},
): Promise<OwnShop> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-own-'));
  const sink = await startSmtpSink();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED: options.seed ?? 'none',
    ...options.env,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `shop_own_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
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
  const shop = await startShop(env, undefined, { server: 'compiled' });
  const matches = (email: string, subject: string | RegExp) => (m: ReceivedMail) =>
    m.to.some((to) => to.toLowerCase() === email.toLowerCase()) &&
    (typeof subject === 'string' ? m.subject.startsWith(subject) : subject.test(m.subject));
  return {
    url: shop.url,
    mails: () => [...sink.received],
    async mailTo(email, subject, timeout = 15_000) {
      let found: ReceivedMail | undefined;
      await expect
        .poll(
          () => {
            found = sink.received.find(matches(email, subject));
            return found !== undefined;
          },
          { timeout, interval: 250 },
        )
        .toBe(true);
      return found!;
    },
    async stop() {
      await shop.stop();
      await sink.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
