// Every `error` code the server can answer is in the contract's ErrorCodeSchema, so the web can
// branch on `code` (ApiError.code) and a new code cannot appear without the contract naming it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { errorCodes } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorAnswerSchema, ErrorCodeSchema } from '../../contract/common.js';
import { SHOP_ERROR_CODES } from '../../contract/values/errors.js';

const SRC = path.resolve(import.meta.dirname, '..', '..');

/** The .ts files under `dir`, tests left out. */
const sources = (dir: string): string[] =>
  readdirSync(path.join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => readFileSync(path.join(SRC, dir, f), 'utf8'));

/**
 * Codes written in the server's code: `super(409, 'conflict', …)`, `{ error: 'cross_site', … }`,
 * `… ?? 'bad_request'`, and the contract's `X_CODE = 'bag_changed'` (a Zod `{ error: '…' }` is a
 * message, so the contract is scanned for named codes only).
 */
function writtenCodes(): Set<string> {
  const server = [/super\(\s*\d{3},\s*'([a-z_]+)'/g, /\berror: '([a-z_]+)'/g, /\.code \?\? '([a-z_]+)'/g];
  const contract = [/_CODE = '([a-z_]+)'/g];
  const codes = new Set<string>();
  const scan = (texts: string[], patterns: RegExp[]) => {
    for (const text of texts)
      for (const pattern of patterns) for (const match of text.matchAll(pattern)) codes.add(match[1]!);
  };
  scan(sources('server'), server);
  scan(sources('contract'), contract);
  return codes;
}

describe('ErrorCodeSchema', () => {
  const known = new Set<string>(ErrorCodeSchema.options);

  it("names every code the shop's own errors and answers carry", () => {
    const written = writtenCodes();
    // The scan finds what it should (a guard against a pattern that matches nothing).
    for (const code of ['invalid', 'not_found', 'conflict', 'bag_changed', 'rate_limited', 'cross_site', 'bad_request'])
      expect(written).toContain(code);
    expect([...written].filter((code) => !known.has(code))).toEqual([]);
  });

  it('lists no code of its own that the server never sends', () => {
    const written = writtenCodes();
    expect(SHOP_ERROR_CODES.filter((code) => !written.has(code))).toEqual([]);
  });

  it("names Fastify's client errors, which the error handler answers with their own code", () => {
    const clientCodes = Object.values(errorCodes)
      .map(
        (FastifyError) =>
          new (FastifyError as new (...args: string[]) => { code: string; statusCode?: number })('a', 'b', 'c'),
      )
      .filter((e) => e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500)
      .map((e) => e.code);
    expect(clientCodes.length).toBeGreaterThan(5);
    expect(clientCodes.filter((code) => !known.has(code))).toEqual([]);
  });

  it("names @fastify/multipart's client errors (the picture and CSV uploads)", async () => {
    const app = Fastify();
    await app.register(multipart);
    await app.ready();
    const clientCodes = Object.values(app.multipartErrors)
      .map((MultipartError) => new (MultipartError as new () => { code: string; statusCode?: number })())
      .filter((e) => e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500)
      .map((e) => e.code);
    await app.close();
    expect(clientCodes).toContain('FST_REQ_FILE_TOO_LARGE');
    expect(clientCodes.filter((code) => !known.has(code))).toEqual([]);
  });

  it('types the error answer: a code outside the list is not an ErrorAnswer', () => {
    expect(ErrorAnswerSchema.safeParse({ error: 'conflict', message: 'Taken' }).success).toBe(true);
    expect(ErrorAnswerSchema.safeParse({ error: 'oops', message: 'Taken' }).success).toBe(false);
  });
});
