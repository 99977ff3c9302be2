import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema.js';
import { createMailer } from '../providers/mail/mailer.js';
import { startSmtpSink } from '../../../tests/support/smtp-sink.js';
import { freshDatabase } from '../../../tests/support/test-database.js';
import { enqueueEmail, outboxWorker, retryDelayMs } from './outbox.js';

const quietLog = { warn: () => {}, info: () => {} };
const message = (to: string) => ({ to, subject: `Hello ${to}`, html: '<p>Hi</p>', text: 'Hi', kind: 'test' });

describe('email outbox', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());
  // One database for the file: a message an earlier test left retrying (busy@, due 5 s later) would
  // be delivered by a later test's run on a slow machine, so each test starts on an empty outbox.
  beforeEach(async () => {
    await database.db.delete(emailOutbox);
  });

  it('delivers queued mail to a real SMTP server exactly once', async () => {
    const smtp = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Shop <shop@test.dev>' });
    try {
      await database.db.transaction((tx) => enqueueEmail(tx, message('ana@example.com')));
      const worker = outboxWorker(database.db, mailer, quietLog);
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['ana@example.com']);
      expect(smtp.received[0]!.subject).toBe('Hello ana@example.com');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('keeps mail while SMTP is down and delivers it once the server is back', async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: '/nonexistent',
      from: 'shop@test.dev',
    });
    const worker = outboxWorker(database.db, mailer, quietLog);
    await enqueueEmail(database.db, message('bo@example.com'));

    expect(await worker.runOnce()).toBe(0);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bo@example.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();

    // Make the retry due now, bring SMTP back on the same port, and run again.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.id, row!.id));
    const smtp = await startSmtpSink(port);
    try {
      expect(await worker.runOnce()).toBe(1);
      expect(smtp.received.map((m) => m.to[0])).toEqual(['bo@example.com']);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('gives up at once on a recipient the server refuses for good (5xx), and retries one it refuses for now (4xx)', async () => {
    const smtp = await startSmtpSink(0, {
      refuse: (to) => (to.startsWith('nobody') ? 550 : to.startsWith('busy') ? 450 : undefined),
    });
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'shop@test.dev' });
    try {
      for (const to of ['nobody@example.com', 'busy@example.com', 'cy@example.com'])
        await enqueueEmail(database.db, message(to));
      expect(await outboxWorker(database.db, mailer, quietLog).runOnce()).toBe(1);
      const rows = await database.db.select().from(emailOutbox);
      expect(rows.find((r) => r.to === 'nobody@example.com')).toMatchObject({ status: 'failed', attempts: 1 });
      expect(rows.find((r) => r.to === 'nobody@example.com')!.lastError).toMatch(/550/);
      expect(rows.find((r) => r.to === 'busy@example.com')).toMatchObject({ status: 'pending', attempts: 1 });
      expect(rows.find((r) => r.to === 'cy@example.com')).toMatchObject({ status: 'sent' });
      expect(smtp.received.map((m) => m.to[0])).toEqual(['cy@example.com']);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("sends the shop's own mail before a newsletter queued earlier", async () => {
    const smtp = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'shop@test.dev' });
    try {
      const letters = Array.from({ length: 30 }, (_, i) => ({
        ...message(`reader${i}@example.com`),
        kind: 'newsletter',
        listUnsubscribe: `https://shop.test/unsubscribe/${i}`,
      }));
      await database.db.insert(emailOutbox).values(letters);
      await enqueueEmail(database.db, { ...message('buyer@example.com'), kind: 'order_confirmation' });
      expect(await outboxWorker(database.db, mailer, quietLog).runOnce()).toBe(31);
      expect(smtp.received[0]!.to).toEqual(['buyer@example.com']);
      // The newsletter itself still goes out oldest first.
      expect(smtp.received.slice(1).map((m) => m.to[0])).toEqual(letters.map((l) => l.to));
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("keeps an address's own mail in the order it was written: a later message waits for an earlier one that is retrying", async () => {
    let refusals = 1;
    const smtp = await startSmtpSink(0, {
      refuse: (to) => (to === 'dee@example.com' && refusals-- > 0 ? 451 : undefined),
    });
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'shop@test.dev' });
    try {
      await enqueueEmail(database.db, {
        ...message('dee@example.com'),
        subject: 'Your return',
        kind: 'return_requested',
      });
      await enqueueEmail(database.db, { ...message('dee@example.com'), subject: 'Your refund', kind: 'refund' });
      await enqueueEmail(database.db, {
        ...message('dee@example.com'),
        subject: 'New arrivals',
        kind: 'newsletter',
        listUnsubscribe: 'https://shop.test/unsubscribe/d',
      });
      const worker = outboxWorker(database.db, mailer, quietLog);
      // The return is refused for now: the refund waits behind it; the newsletter does not wait.
      expect(await worker.runOnce()).toBe(1);
      expect(smtp.received.map((m) => m.subject)).toEqual(['New arrivals']);
      const waiting = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'dee@example.com'));
      expect(waiting.find((r) => r.subject === 'Your refund')).toMatchObject({ status: 'pending', attempts: 0 });

      await database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(emailOutbox.to, 'dee@example.com'));
      expect(await worker.runOnce()).toBe(2);
      expect(smtp.received.map((m) => m.subject)).toEqual(['New arrivals', 'Your return', 'Your refund']);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('backs off between retries, up to ten minutes', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(20)).toBe(600_000);
  });
});
