import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { safeErrorSerializer, safeLoggerOptions, safeUrl, scrubText } from './safe-logging.js';

describe('errors as the log keeps them', () => {
  it("keeps a failed query's statement, SQLSTATE and constraint, and drops its parameters and PostgreSQL's detail", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "subscribers_email_unique"'),
      {
        code: '23505',
        constraint: 'subscribers_email_unique',
        table: 'subscribers',
        detail: 'Key (email)=(ada@example.com) already exists.',
      },
    );
    const params = [
      'Ada',
      'ada@example.com',
      JSON.stringify({ address: '1 Main St', phone: '+1 212 555 0100' }),
      'sess-7b3f9c',
    ];
    const err = new DrizzleQueryError(
      'insert into "subscribers" ("name", "email", "data", "sid") values ($1, $2, $3, $4)',
      params,
      cause,
    );
    const logged = JSON.stringify(safeErrorSerializer(err));
    for (const value of ['Ada', 'ada@example.com', '1 Main St', '+1 212 555 0100', 'sess-7b3f9c', 'already exists'])
      expect(logged).not.toContain(value);
    expect(safeErrorSerializer(err)).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "subscribers" ("name", "email", "data", "sid") values ($1, $2, $3, $4)',
      cause: { code: '23505', constraint: 'subscribers_email_unique', table: 'subscribers' },
    });
  });

  it('masks email addresses in any message, a mail server refusal included, but not file paths', () => {
    expect(scrubText('550 5.1.1 <zoe.q+shop@example.fr>: Recipient address rejected')).toBe(
      '550 5.1.1 <[email]>: Recipient address rejected',
    );
    expect(scrubText('at file:///app/node_modules/@electric-sql/pglite/dist/index.js:1:2')).toContain(
      '@electric-sql/pglite',
    );
    expect(safeErrorSerializer('SMTP said no to ada@example.com')).toBe('SMTP said no to [email]');
  });

  it('keeps ids and paging in a logged URL, masks the rest', () => {
    expect(safeUrl('/admin/invite/AbC_-123456789012345678901234567890123456789')).toBe('/admin/invite/[redacted]');
    expect(safeUrl('/admin/reset/AbC_-1234567890123456789?x=1')).toBe('/admin/reset/[redacted]?x=[redacted]');
    expect(safeUrl('/admin/api/getPlacedOrders?search=Lovelace&page=2')).toBe(
      '/admin/api/getPlacedOrders?search=[redacted]&page=2',
    );
    expect(safeUrl('/product?url=silk-slip')).toBe('/product?url=silk-slip');
  });

  it('redacts cookies and authorization, whatever level and stream the caller chose; no logger stays none', () => {
    expect(safeLoggerOptions({ level: 'warn' })).toMatchObject({
      level: 'warn',
      redact: { paths: expect.arrayContaining(['req.headers.cookie', 'req.headers.authorization']) },
    });
    expect(safeLoggerOptions(false)).toBe(false);
  });
});
