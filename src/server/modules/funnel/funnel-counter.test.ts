// The funnel's counting in memory: a session once per step per shop day, the steps before a step
// counted with it, a forged cookie not at all, and the day as the shop's time zone has it.
import { describe, expect, it } from 'vitest';
import { funnelCounter, shopDay } from './funnel-counter.js';
import { landingStep } from './landing.js';
import { shopperCookieOf } from './shopper-cookie.js';

/** Cookies as `sid.signature`, where a good signature is `sig-` + the id (a stand-in for the HMAC). */
const cookie = (sid: string) => `${sid}.sig-${sid}`;

function counterAt(start: string) {
  let now = Date.parse(start);
  const unsigned: string[] = [];
  const counter = funnelCounter({
    now: () => now,
    unsign: (signed) => {
      const [sid, signature] = signed.split('.');
      unsigned.push(signed);
      return signature === `sig-${sid}` ? sid : undefined;
    },
    keyOf: (sid, day) => `${day}/${sid}`,
  });
  return {
    counter,
    unsigned,
    at: (instant: string) => {
      now = Date.parse(instant);
    },
    steps: () => counter.take().map((s) => `${s.step} ${s.key} ${new Date(s.hour).toISOString().slice(0, 13)}`),
  };
}

describe('funnel counter', () => {
  it('counts a session once per step per day, however often it comes back', () => {
    const { counter, steps } = counterAt('2026-03-10T09:15:00Z');
    for (let i = 0; i < 5; i++) counter.seen(cookie('a'), 'visited');
    counter.seen(cookie('b'), 'visited');
    counter.seen(cookie('a'), 'visited');
    expect(steps()).toEqual(['visited 2026-03-10/a 2026-03-10T09', 'visited 2026-03-10/b 2026-03-10T09']);
    counter.seen(cookie('a'), 'visited');
    expect(steps()).toEqual([]);
  });

  it('counts the steps before a step with it, each once', () => {
    const { counter, steps } = counterAt('2026-03-10T09:15:00Z');
    counter.seen(cookie('a'), 'visited');
    counter.seen(cookie('a'), 'addedToBag');
    counter.seen(cookie('a'), 'viewedProduct');
    counter.seen(cookie('a'), 'placedOrder');
    expect(steps()).toEqual([
      'visited 2026-03-10/a 2026-03-10T09',
      'viewedProduct 2026-03-10/a 2026-03-10T09',
      'addedToBag 2026-03-10/a 2026-03-10T09',
      'gaveShipping 2026-03-10/a 2026-03-10T09',
      'placedOrder 2026-03-10/a 2026-03-10T09',
    ]);
  });

  it('checks the signature once per session and step a day, and counts nothing for a forged cookie', () => {
    const { counter, steps, unsigned } = counterAt('2026-03-10T09:15:00Z');
    for (let i = 0; i < 100; i++) counter.seen(cookie('a'), 'viewedProduct');
    expect(unsigned).toHaveLength(1);
    counter.seen('a.forged', 'visited');
    counter.seen('nodot', 'visited');
    counter.seen(undefined, 'visited');
    counter.seen('', 'visited');
    expect(steps()).toEqual(['visited 2026-03-10/a 2026-03-10T09', 'viewedProduct 2026-03-10/a 2026-03-10T09']);
  });

  it('counts the session again on the next day, with a key of that day, in the hour it came back', () => {
    const { counter, steps, at } = counterAt('2026-03-10T23:59:00Z');
    counter.seen(cookie('a'), 'visited');
    at('2026-03-11T00:00:00Z');
    counter.seen(cookie('a'), 'visited');
    at('2026-03-11T14:30:00Z');
    counter.seen(cookie('a'), 'visited');
    expect(steps()).toEqual(['visited 2026-03-10/a 2026-03-10T23', 'visited 2026-03-11/a 2026-03-11T00']);
  });

  it("turns the day at midnight in the shop's time zone", () => {
    const { counter, steps, at } = counterAt('2026-02-10T04:59:00Z');
    counter.setTimeZone('America/New_York'); // UTC-5 in February
    counter.seen(cookie('a'), 'visited'); // 23:59 on 9 February in New York
    at('2026-02-10T05:00:00Z'); // midnight of 10 February in New York
    counter.seen(cookie('a'), 'visited');
    at('2026-02-10T23:00:00Z'); // still the 10th in New York, the 10th's last UTC hour
    counter.seen(cookie('a'), 'visited');
    expect(steps()).toEqual(['visited 2026-02-09/a 2026-02-10T04', 'visited 2026-02-10/a 2026-02-10T05']);
  });

  it('hands sightings back after a failed write, and drops what is over its limit', () => {
    let now = Date.parse('2026-03-10T09:00:00Z');
    const counter = funnelCounter({
      now: () => now++,
      unsign: (signed) => signed.split('.')[0],
      keyOf: (sid) => sid,
      maxPending: 3,
    });
    counter.seen('a.sa', 'viewedProduct');
    const taken = counter.take();
    expect(taken).toHaveLength(2);
    counter.seen('b.sb', 'visited');
    counter.giveBack(taken);
    expect(counter.pendingCount).toBe(3);
    expect(counter.takeDropped()).toBe(0);
    counter.seen('c.sc', 'visited');
    expect(counter.pendingCount).toBe(3);
    expect(counter.takeDropped()).toBe(1);
    expect(counter.take().map((s) => s.key)).toEqual(['a', 'a', 'b']);
  });

  it('forgets its sessions past its limit, and then gives a session seen again twice (the database keeps one)', () => {
    const counter = funnelCounter({
      now: () => Date.parse('2026-03-10T09:00:00Z'),
      unsign: (signed) => signed.split('.')[0],
      keyOf: (sid) => sid,
      maxSessions: 2,
    });
    for (const sid of ['a', 'b', 'a', 'c', 'a']) counter.seen(`${sid}.s${sid}`, 'visited');
    expect(counter.take().map((s) => s.key)).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('shop day', () => {
  it("is the date in the shop's time zone", () => {
    expect(shopDay(Date.parse('2026-07-01T03:00:00Z'), 'UTC')).toBe('2026-07-01');
    expect(shopDay(Date.parse('2026-07-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-06-30');
    expect(shopDay(Date.parse('2026-06-30T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-01');
  });
});

describe('the shopper cookie from a Cookie header', () => {
  it('finds sid and not a cookie whose name ends in sid', () => {
    expect(shopperCookieOf('sid=abc.def')).toBe('abc.def');
    expect(shopperCookieOf('admin_sid=zzz.yyy; sid=abc.d+f/g; bag=3')).toBe('abc.d+f/g');
    expect(shopperCookieOf('admin_sid=zzz.yyy;sid=abc.def')).toBe('abc.def');
    expect(shopperCookieOf('admin_sid=zzz.yyy')).toBeUndefined();
    expect(shopperCookieOf('xsid=1; sid=')).toBeUndefined();
    expect(shopperCookieOf(undefined)).toBeUndefined();
  });
});

describe('landing step of a page load', () => {
  it('is a product view when /token is asked from a product page', () => {
    expect(landingStep('https://shop.example/product/silk-balconette-bra')).toBe('viewedProduct');
    expect(landingStep('http://127.0.0.1:3000/product/silk?x=1')).toBe('viewedProduct');
    expect(landingStep('https://shop.example/collections')).toBe('visited');
    expect(landingStep('https://shop.example/product/')).toBe('visited');
    expect(landingStep(undefined)).toBe('visited');
  });
});
