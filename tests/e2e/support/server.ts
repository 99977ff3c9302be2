// Global setup of the journeys: one shop with the demo catalog on a fresh database
// (PGlite in a temp DATA_DIR, or a new database on DATABASE_URL's server). Its mail goes to a local
// SMTP sink; what arrived there is readable by the journeys at GET <mailboxUrl> (JSON).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort, startShop } from '../../support/shop-process.js';
import { startSmtpSink } from '../../support/smtp-sink.js';

export const E2E_ADMIN = { email: 'owner@murashki.test', password: 'e2e-admin-password' };

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const sink = await startSmtpSink();
  // The mails live in this process: a tiny HTTP server hands them to the journeys.
  const mailbox = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(sink.received));
    } else {
      response.writeHead(404).end();
    }
  });
  const mailboxPort = await freePort();
  await new Promise<void>((resolve, reject) => {
    mailbox.once('error', reject);
    mailbox.listen(mailboxPort, '127.0.0.1', resolve);
  });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED: 'demo',
    // Each journey file signs the owner in once, all from 127.0.0.1: more than the default 20 in 15 minutes.
    SIGNIN_LIMIT_PER_ADDRESS: '500',
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
  const shop = await startShop(env, undefined, { server: 'compiled' });
  project.provide('shopUrl', shop.url);
  project.provide('smtpPort', sink.port);
  project.provide('mailboxUrl', `http://127.0.0.1:${mailboxPort}/messages`);
  return async () => {
    await shop.stop();
    await new Promise<void>((resolve) => mailbox.close(() => resolve()));
    await sink.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
    smtpPort: number;
    /** GET: JSON array of the mails the shop sent ({ to, subject, raw }), oldest first. */
    mailboxUrl: string;
  }
}
