// Promotions: the promoter's campaign performance report (spec §2, §6 promoter, §7 /promoPerformance).
// A promoter proves the code with its 'Performance access pass', stored as an argon2id hash; wrong
// guesses are limited per client and per code.
import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import {
  PROMO_REPORT_PAGE_SIZE,
  type PromoPerformanceRow,
  type PromoReportPage,
} from '../../../contract/promotions.js';
import { toDollars } from '../../../domain/money.js';
import { WRONG_CODE_OR_PASSWORD } from '../../../domain/promo-report.js';
import type { Db } from '../../db/client.js';
import { Unauthorized } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { hashPassword } from '../admin-auth/admin-auth-service.js';
import { promotionsRepository } from './promotions-repository.js';

export const REPORT_CALLS_PER_CLIENT = 30;
/** Failed tries on one code from one client (its success clears them). */
export const REPORT_TRIES_PER_CODE = 10;
/** Tries on one code from all clients: a guess spread over many addresses. */
export const REPORT_TRIES_PER_CODE_ALL_CLIENTS = 100;
export const REPORT_WINDOW_MS = 15 * 60_000;
/** A pass just verified is trusted this long for the same code and stored hash (the page refreshes). */
export const VERIFIED_PASS_MS = 5 * 60_000;

type OrderWithPromo = Awaited<ReturnType<ReturnType<typeof promotionsRepository>['ordersWithCode']>>[number];

/**
 * The row's discount as a multiplier: a percentage promo's own rate (0.9); for a dollar promo, the
 * share of the goods it took off, to 4 places (a $10 promo on $100 of goods is 0.9), so that the
 * page's (discount − 1) × 100 % reads the same for both kinds.
 */
export function discountMultiplier(order: Pick<OrderWithPromo, 'promo' | 'subtotalCents' | 'discountCents'>): number {
  if (order.promo?.type === 'percentage') return order.promo.discount;
  if (order.subtotalCents <= 0) return 1;
  return Math.round(((order.subtotalCents - order.discountCents) / order.subtotalCents) * 10_000) / 10_000;
}

export function promotionsService(deps: { db: Db; limiter: RateLimiter }) {
  const { limiter } = deps;
  const repo = promotionsRepository(deps.db);
  // Verified against when the code is unknown or has no pass, so every wrong answer takes as long.
  let dummyHash: Promise<string> | undefined;
  // Passes verified lately, by digest of (stored hash, pass): argon2 is deliberately slow, and a
  // promoter reloading the report should not pay it each time. A changed pass changes the stored
  // hash, so an old entry never matches again. Only successes are kept; the limits still apply.
  const verified = new Map<string, number>();
  const digest = (hash: string, password: string) =>
    createHash('sha256').update(hash).update('\0').update(password).digest('base64url');
  const recentlyVerified = (hash: string, password: string) => (verified.get(digest(hash, password)) ?? 0) > Date.now();
  async function passMatches(hash: string, password: string): Promise<boolean> {
    if (recentlyVerified(hash, password)) return true;
    verified.delete(digest(hash, password));
    const ok = await verify(hash, password).catch(() => false);
    if (ok) {
      if (verified.size >= 1000) verified.clear();
      verified.set(digest(hash, password), Date.now() + VERIFIED_PASS_MS);
    }
    return ok;
  }

  /**
   * The campaign behind a code, once its pass is proven; 401 otherwise. Tries count per client, per
   * code from one client and per code. A pass verified in the last minutes does not count against
   * the client's calls, so a promoter can page through a long report; the code's limits still apply.
   */
  async function campaign(code: string, password: string, ip: string) {
    const codeKey = `promo-report:code:${code.trim().toLowerCase()}`;
    const codeFromClientKey = `${codeKey}:ip:${ip}`;
    const promo = await repo.byCode(code.trim());
    if (!promo?.passwordHash || !recentlyVerified(promo.passwordHash, password)) {
      await limiter.hit(`promo-report:ip:${ip}`, REPORT_CALLS_PER_CLIENT, REPORT_WINDOW_MS);
    }
    // Wrong tries count per client, so a stranger's guesses do not lock the promoter out; guesses
    // spread over many addresses meet the code's own, higher limit.
    await limiter.hit(codeFromClientKey, REPORT_TRIES_PER_CODE, REPORT_WINDOW_MS);
    await limiter.hit(codeKey, REPORT_TRIES_PER_CODE_ALL_CLIENTS, REPORT_WINDOW_MS);
    const hash = promo?.passwordHash ?? (await (dummyHash ??= hashPassword(randomBytes(18).toString('base64url'))));
    const ok = await passMatches(hash, password);
    if (!promo?.passwordHash || !ok) throw new Unauthorized(WRONG_CODE_OR_PASSWORD);
    // Only wrong tries stay counted against the code.
    await limiter.reset(codeFromClientKey);
    await limiter.forgive(codeKey);
    return promo;
  }

  const rowOf = (order: OrderWithPromo, fallbackPayoutCents: number): PromoPerformanceRow => ({
    orderId: order.id,
    total: toDollars(order.totalCents),
    discount: discountMultiplier(order),
    ...(order.promo?.type === 'dollarAmount' ? { discountAmount: toDollars(order.discountCents) } : {}),
    // What the code paid when the order was placed: a later change of payout does not rewrite the past.
    payout: toDollars(order.payoutCents ?? fallbackPayoutCents),
  });

  return {
    /** POST /promoPerformance: the orders placed with the code, newest first; 401 for a wrong code or pass. */
    async performance(code: string, password: string, ip: string): Promise<PromoPerformanceRow[]> {
      const promo = await campaign(code, password, ip);
      const orders = await repo.ordersWithCode(promo.code, promo.createdAt);
      return orders.map((order) => rowOf(order, promo.payoutCents));
    },

    /** POST /promoReport: one page of the same report, with the totals over all its orders. */
    async reportPage(code: string, password: string, ip: string, page = 1): Promise<PromoReportPage> {
      const promo = await campaign(code, password, ip);
      const pageSize = PROMO_REPORT_PAGE_SIZE;
      const found = await repo.reportPage(
        promo.code,
        promo.createdAt,
        promo.payoutCents,
        pageSize,
        (page - 1) * pageSize,
      );
      return {
        orders: found.orders.map((order) => rowOf(order, promo.payoutCents)),
        orderCount: found.count,
        total: toDollars(found.totalCents),
        payout: toDollars(found.payoutCents),
        page,
        pages: Math.max(1, Math.ceil(found.count / pageSize)),
        pageSize,
      };
    },
  };
}
export type PromotionsService = ReturnType<typeof promotionsService>;
