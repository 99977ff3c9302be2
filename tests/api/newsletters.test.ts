// The newsletter manager (spec §2, §5, §7) and the sender job: every subscriber gets an Approved
// newsletter once, at its time, with a personal unsubscribe link — with two server copies sending
// at once, and across a restart in the middle of a send.
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Newsletter } from '../../src/contract/newsletters.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { hexId } from '../../src/server/db/ids.js';
import { emailOutbox, newsletterDeliveries, newsletters, subscriptions } from '../../src/server/db/schema.js';
import { newsletterSender } from '../../src/server/jobs/newsletter-sender.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { createMailer } from '../../src/server/providers/mail/mailer.js';
import { adminCookie } from '../support/admin-session.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const quiet = { warn: () => {}, info: () => {} };
const contact = { name: 'Murashki', publicUrl: 'http://shop.test', supportEmail: 'care@murashki.test' };
const shop = async () => contact;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: contact.publicUrl } });
  admin = await adminCookie(t);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const list = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/admin/api/getNewsletters', headers: { cookie: admin } })
  ).json() as Newsletter[];
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const draft = (over: Partial<{ subject: string; emailContent: string; scheduledAt: string; status: string }> = {}) => ({
  subject: 'New arrivals: the silk edit',
  emailContent: '# Silk, softly\n\nOur **new** silk pieces are here. [Shop now](http://shop.test/collections)',
  scheduledAt: inAMinute(),
  status: 'Draft',
  ...over,
});
async function create(over: Parameters<typeof draft>[0] = {}) {
  const res = await post('/admin/api/createNewsletter', draft(over));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { newsletter: Newsletter }).newsletter;
}

async function subscribers(n: number, db = t.db) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: hexId(),
    email: `reader${i}-${hexId().slice(0, 6)}@example.com`,
    newsletter: true,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(subscriptions).values(rows.slice(i, i + 500));
  return rows;
}
async function clearSubscribers(db = t.db) {
  await db.delete(subscriptions);
  await db.delete(emailOutbox);
}

describe('newsletter manager calls', () => {
  it('need an admin session: 401 without one and with a shopper session', async () => {
    const shopper = `sid=${(await t.app.inject({ method: 'GET', url: '/token' })).cookies.find((c) => c.name === 'sid')!.value}`;
    for (const cookie of ['', shopper]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/admin/api/getNewsletters', headers: { cookie } })).statusCode,
      ).toBe(401);
      for (const url of ['createNewsletter', 'editNewsletter', 'sendTestNewsletter', 'cancelNewsletter']) {
        const res = await post(`/admin/api/${url}`, draft(), cookie);
        expect(res.statusCode, url).toBe(401);
      }
    }
  });

  it('refuses a cross-site create', async () => {
    const before = (await list()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/createNewsletter',
      payload: draft(),
      headers: { cookie: admin, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(await list()).toHaveLength(before);
  });

  it("answers 'All fields are required.' when the subject, body or date is missing", async () => {
    for (const over of [{ subject: '  ' }, { emailContent: '' }, { scheduledAt: '' }]) {
      const res = await post('/admin/api/createNewsletter', draft(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('All fields are required.');
    }
    expect((await post('/admin/api/createNewsletter', draft({ scheduledAt: 'next tuesday' }))).statusCode).toBe(400);
    expect((await post('/admin/api/createNewsletter', draft({ status: 'Sent' }))).statusCode).toBe(400);
    expect((await post('/admin/api/createNewsletter', { subject: 1 })).statusCode).toBe(400);
  });

  it('creates, lists newest first, edits and deletes', async () => {
    const first = await create({ subject: 'Autumn letter', scheduledAt: '2030-01-01T10:00:00.000Z' });
    const second = await create({
      subject: 'Winter letter',
      scheduledAt: '2030-02-01T10:00:00.000Z',
      status: 'Needs review',
    });
    expect(first._id).toMatch(/^[0-9a-f]{24}$/);
    const subjects = (await list()).map((n) => n.subject);
    expect(subjects.indexOf('Winter letter')).toBeLessThan(subjects.indexOf('Autumn letter'));

    const edited = await post('/admin/api/editNewsletter', {
      ...draft({ subject: 'Autumn letter, revised', status: 'Approved', scheduledAt: '2030-01-02T10:00:00.000Z' }),
      id: first._id,
    });
    expect(edited.statusCode).toBe(200);
    expect((await list()).find((n) => n._id === first._id)).toMatchObject({
      subject: 'Autumn letter, revised',
      status: 'Approved',
      scheduledAt: '2030-01-02T10:00:00.000Z',
      sentAt: null,
    });

    expect((await post('/admin/api/cancelNewsletter', { id: second._id })).statusCode).toBe(200);
    expect((await list()).some((n) => n._id === second._id)).toBe(false);
    expect((await post('/admin/api/cancelNewsletter', { id: second._id })).statusCode).toBe(404);
    expect((await post('/admin/api/editNewsletter', { ...draft(), id: second._id })).statusCode).toBe(404);
    await post('/admin/api/cancelNewsletter', { id: first._id });
  });

  it("refuses a 'Send at' in the past for a new newsletter of any status, and for an edit that changes the date (issue 24 item 22)", async () => {
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    for (const status of ['Approved', 'Draft', 'Needs review']) {
      const refused = await post(
        '/admin/api/createNewsletter',
        draft({ subject: `Old news ${status}`, status, scheduledAt: anHourAgo }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Send at is in the past: choose a time from now on.');
    }
    expect((await list()).some((n) => n.subject.startsWith('Old news'))).toBe(false);

    // An old draft (saved when its date was still ahead) keeps its date through an edit of its words,
    // but may not be moved to another past time.
    const old = await create({ subject: 'Old draft', status: 'Draft' });
    await t.db
      .update(newsletters)
      .set({ scheduledAt: new Date(anHourAgo) })
      .where(eq(newsletters.id, old._id));
    const reworded = await post('/admin/api/editNewsletter', {
      ...draft({ subject: 'Old draft, reworded', status: 'Draft', scheduledAt: anHourAgo }),
      id: old._id,
    });
    expect(reworded.statusCode, reworded.body).toBe(200);
    const moved = await post('/admin/api/editNewsletter', {
      ...draft({ subject: 'Old draft', status: 'Draft', scheduledAt: new Date(Date.now() - 7_200_000).toISOString() }),
      id: old._id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('Send at is in the past: choose a time from now on.');
    const approved = await post('/admin/api/editNewsletter', {
      ...draft({ subject: 'Old draft', status: 'Approved', scheduledAt: anHourAgo }),
      id: old._id,
    });
    expect(approved.statusCode).toBe(400);
    expect(approved.json().message).toBe('Send at is in the past: choose a time from now on.');
    expect((await list()).find((n) => n._id === old._id)).toMatchObject({
      subject: 'Old draft, reworded',
      status: 'Draft',
      scheduledAt: anHourAgo,
    });

    // A moment ago still counts as now (the editor picks whole minutes).
    const now = await post('/admin/api/editNewsletter', {
      ...draft({ subject: 'Old draft', status: 'Approved', scheduledAt: new Date(Date.now() - 30_000).toISOString() }),
      id: old._id,
    });
    expect(now.statusCode, now.body).toBe(200);
    await post('/admin/api/cancelNewsletter', { id: old._id });
  });

  it('sends a test copy to one address, markdown rendered and raw HTML made inert', async () => {
    const letter = await create({
      emailContent: 'Hello **friends** <script>alert(1)</script> [x](javascript:alert(1))',
    });
    const res = await post('/admin/api/sendTestNewsletter', { id: letter._id, email: 'me@example.com' });
    expect(res.json()).toEqual({ success: true });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'me@example.com'));
    expect(mail!.subject).toBe(`[Test] ${letter.subject}`);
    expect(mail!.html).toContain('<strong>friends</strong>');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toMatch(/href="javascript:/i);
    expect((await post('/admin/api/sendTestNewsletter', { id: letter._id, email: 'not an email' })).statusCode).toBe(
      400,
    );
    await post('/admin/api/cancelNewsletter', { id: letter._id });
    await t.db.delete(emailOutbox);
  });
});

describe('newsletter sender', () => {
  it('sends an Approved, due newsletter once to every subscriber with their own unsubscribe link; not drafts, not early, not the unsubscribed', async () => {
    const readers = await subscribers(5);
    await t.db.update(subscriptions).set({ unsubscribedAt: new Date() }).where(eq(subscriptions.id, readers[4]!.id));
    await t.db
      .insert(subscriptions)
      .values({ id: hexId(), email: 'only-back-in-stock@example.com', newsletter: false });
    const due = await create({
      subject: 'Due now',
      status: 'Approved',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    const later = await create({ subject: 'Later', status: 'Approved', scheduledAt: inAMinute() });
    const notApproved = await create({
      subject: 'Draft',
      status: 'Draft',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });

    const sender = newsletterSender(t.db, shop, quiet, { batch: 2 });
    await sender.runOnce();
    await sender.runOnce();
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'newsletter'));
    expect(mails.map((m) => m.to).sort()).toEqual(
      readers
        .slice(0, 4)
        .map((r) => r.email)
        .sort(),
    );
    for (const mail of mails) {
      const reader = readers.find((r) => r.email === mail.to)!;
      expect(mail.subject).toBe('Due now');
      expect(mail.html).toContain(`http://shop.test/unsubscribe/${reader.id}`);
      expect(mail.text).toContain(`Unsubscribe: http://shop.test/unsubscribe/${reader.id}`);
    }
    const byId = new Map((await list()).map((n) => [n._id, n]));
    expect(byId.get(due._id)!.sentAt).not.toBeNull();
    expect(byId.get(due._id)!.deliveredCount).toBe(4);
    expect(byId.get(later._id)!.sentAt).toBeNull();
    expect(byId.get(notApproved._id)!.deliveredCount).toBe(0);

    // Once sending has started, the newsletter can no longer be edited.
    expect((await post('/admin/api/editNewsletter', { ...draft(), id: due._id })).statusCode).toBe(409);
    for (const id of [due._id, later._id, notApproved._id]) await post('/admin/api/cancelNewsletter', { id });
    await clearSubscribers();
  });

  it("reads right in a mail client: the owner's paths get the shop's address, the subject heads the body, the preview is words", async () => {
    const [reader] = await subscribers(1);
    await create({
      subject: 'The silk edit',
      emailContent: '# Silk, *softly*\n\nShop [the edit](/collections) now.\n\n![Silk slip](/uploads/silk.jpg)',
      status: 'Approved',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    await newsletterSender(t.db, shop, quiet).runOnce();
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'newsletter'), eq(emailOutbox.to, reader!.email)));
    expect(mail!.html).toContain('href="http://shop.test/collections"');
    expect(mail!.html).toContain('src="http://shop.test/uploads/silk.jpg"');
    expect(mail!.html).not.toMatch(/(href|src)="\//);
    expect(mail!.html).toMatch(/<h1[^>]*>The silk edit<\/h1>/);
    expect(mail!.html).toContain('Silk, softly Shop the edit now.');
    // The text part reads as text (issue 24 item 24): no markdown marks, links as 'text (address)'.
    expect(mail!.text).toContain('Shop the edit (http://shop.test/collections) now.');
    expect(mail!.text).toContain('Silk, softly');
    expect(mail!.text).toContain('Silk slip (http://shop.test/uploads/silk.jpg)');
    expect(mail!.text).not.toMatch(/\*|\]\(|^#/m);
    await t.db.delete(newsletters);
    await clearSubscribers();
  });

  it("offers the mailbox's own one-click Unsubscribe (RFC 8058), which unsubscribes that reader", async () => {
    const [reader] = await subscribers(1);
    await create({
      subject: 'One click away',
      status: 'Approved',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    await newsletterSender(t.db, shop, quiet).runOnce();
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'newsletter'), eq(emailOutbox.to, reader!.email)));
    expect(row!.listUnsubscribe).toBe(`http://shop.test/unsubscribe/${reader!.id}`);

    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, dataDir: os.tmpdir(), from: 'Murashki <hello@murashki.shop>' });
    try {
      await outboxWorker(t.db, mailer, quiet).runOnce();
      const received = sink.received.find((m) => m.to[0] === reader!.email && m.subject === 'One click away');
      expect(received?.raw).toContain(`List-Unsubscribe: <http://shop.test/unsubscribe/${reader!.id}>`);
      expect(received?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      mailer.close();
      await sink.close();
    }

    // The mailbox provider posts the form, server to server (no Origin, no cookie).
    const click = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${reader!.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, reader!.id));
    expect(after!.unsubscribedAt).not.toBeNull();
    expect(after!.newsletter).toBe(false);
    // An unknown reader is a 404; a malformed id a 400.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/unsubscribe/${'0'.repeat(24)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/unsubscribe/not-an-id',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(400);
    // A provider that posts from its own site is let through (the reader's id is the authority):
    // unsubscribing again is fine.
    const fromProvider = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${reader!.id}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(fromProvider.statusCode, fromProvider.body).toBe(200);
    // No other call is: the JSON unsubscribe from another site is still refused.
    const otherCall = await t.app.inject({
      method: 'POST',
      url: '/unsubscribe',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { userId: reader!.id },
    });
    expect(otherCall.statusCode).toBe(403);
    await t.db.delete(newsletters);
    await clearSubscribers();
  });

  it('continues after a restart in the middle of a send without a second copy to anyone', async () => {
    const readers = await subscribers(30);
    await create({
      subject: 'Interrupted',
      status: 'Approved',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    // The first process commits two batches of 10 and stops (a deploy, a crash).
    const first = newsletterSender(t.db, shop, quiet, { batch: 10 });
    expect(await first.sendBatch()).toBe(true);
    expect(await first.sendBatch()).toBe(true);
    expect(await t.db.$count(emailOutbox, eq(emailOutbox.kind, 'newsletter'))).toBe(20);
    // The next process picks up where it stopped.
    await newsletterSender(t.db, shop, quiet, { batch: 10 }).runOnce();
    const counts = await t.db.execute<{ to: string; n: number }>(
      sql`select "to", count(*)::int as n from email_outbox where kind = 'newsletter' group by "to"`,
    );
    const rows = (counts as unknown as { rows: { to: string; n: number }[] }).rows;
    expect(rows).toHaveLength(readers.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    await t.db.delete(newsletters);
    await clearSubscribers();
  });

  it('two server copies sending one newsletter to 500 subscribers: each gets it exactly once, through SMTP', async () => {
    const sink = await startSmtpSink();
    const url = (t.database as Database & { url?: string }).url;
    // PostgreSQL: a second copy with its own connection pool. PGlite is one process's database: both
    // copies share it, and still claim work through the same SQL.
    const other = url ? await openDatabase({ databaseUrl: url, poolSize: 3 }) : t.database;
    try {
      const readers = await subscribers(500);
      await create({
        subject: 'For everyone',
        status: 'Approved',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      });
      const copies = [t.db, other.db];
      await Promise.all(copies.map((db) => newsletterSender(db, shop, quiet, { batch: 50 }).runOnce()));
      const mailer = createMailer({ smtpUrl: sink.url, dataDir: os.tmpdir(), from: 'Murashki <hello@murashki.shop>' });
      await Promise.all(copies.map((db) => outboxWorker(db, mailer, quiet, { batch: 25 }).runOnce()));
      mailer.close();

      const received = sink.received.filter((m) => m.subject === 'For everyone');
      expect(received).toHaveLength(500);
      expect(new Set(received.map((m) => m.to[0])).size).toBe(500);
      expect(new Set(received.map((m) => m.to[0]))).toEqual(new Set(readers.map((r) => r.email)));
      expect(await t.db.$count(newsletterDeliveries)).toBe(500);
    } finally {
      if (other !== t.database) await other.close();
      await sink.close();
    }
  }, 120_000);
});

describe("the manager reads the app's clock", () => {
  it("judges 'Send at' against the clock the app was built with, not the machine clock", async () => {
    // The app's clock stands in 2040: a time in 2039 is in its past, though still ahead of the machine clock.
    const later = await createTestApp({ clock: () => new Date('2040-01-01T00:00:00Z') });
    try {
      const cookie = await adminCookie(later);
      const res = await later.app.inject({
        method: 'POST',
        url: '/admin/api/createNewsletter',
        payload: draft({ subject: 'From the future', scheduledAt: '2039-06-01T09:00:00.000Z' }),
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Send at is in the past: choose a time from now on.');
    } finally {
      await later.close();
    }
  });
});
