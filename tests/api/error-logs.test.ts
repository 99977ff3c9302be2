// Issue 24 item 29: logs carry ids, never a shopper's personal data or a session id. A statement that
// fails in the database (forced here by a constraint the row breaks) used to be logged with every
// parameter (Drizzle's message and `params`) and PostgreSQL's `detail` ("Failing row contains …").
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

const SHOPPER = {
  ...US_SHOPPER,
  firstName: 'Philippa',
  lastName: 'Quennell-Hargreave',
  email: 'philippa.q@example.com',
  phone: '+1 212 555 0199',
  address: '77 Juniper Lane',
};
const PERSONAL = [SHOPPER.firstName, SHOPPER.lastName, SHOPPER.email, SHOPPER.phone, SHOPPER.address];

let t: TestApp;
let lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ fixture: 'demo', logger: { level: 'info', stream } });
});
afterAll(() => t.close());

describe('a request that fails in the database', () => {
  it('is logged with its request id, the statement and the constraint, but no name, email, phone, address or session id', async () => {
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    const sessionId = decodeURIComponent(cookie.slice('sid='.length)).replace(/\.[^.]*$/, '');
    const all = await storefrontItems(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/addToCart',
      payload: [selectionOf(all, all[0]!.url)],
      headers: { cookie },
    });
    // Saving the shipping details into the session now fails in the database: the UPDATE's parameters
    // are the details and the session id, and PostgreSQL's detail quotes the whole row.
    await t.db.execute(
      sql.raw(
        `alter table sessions add constraint forced_failure check (not jsonb_exists(data, 'shippingInfo')) not valid`,
      ),
    );
    lines = [];
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/order/getShippingOptions',
        payload: { shippingInfo: SHOPPER },
        headers: { cookie, 'x-request-id': 'req-forced-failure-1' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ error: 'internal', requestId: 'req-forced-failure-1' });
    } finally {
      await t.db.execute(sql.raw('alter table sessions drop constraint forced_failure'));
    }

    const log = lines.join('\n');
    const failure = lines
      .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; err: { query: string; cause: unknown } })
      .find((l) => l.msg === 'unhandled error');
    expect(failure).toBeDefined();
    // What it must not carry, anywhere in the log.
    for (const value of [...PERSONAL, sessionId]) expect(log, value).not.toContain(value);
    expect(log).not.toMatch(/Failing row contains/);
    // What the owner needs to find the cause stays: the request, the statement, the constraint.
    expect(failure!.reqId).toBe('req-forced-failure-1');
    expect(failure!.err.query).toMatch(/^update "sessions"/);
    expect(failure!.err.cause).toMatchObject({ code: '23514', constraint: 'forced_failure', table: 'sessions' });
  });

  it('a logged request URL keeps ids and paging but not the values a search carries', async () => {
    lines = [];
    await t.app.inject({ method: 'GET', url: `/admin/api/getPlacedOrders?search=${SHOPPER.lastName}&page=2` });
    const log = lines.join('\n');
    expect(log).toContain('/admin/api/getPlacedOrders?search=[redacted]&page=2');
    expect(log).not.toContain(SHOPPER.lastName);
  });
});
