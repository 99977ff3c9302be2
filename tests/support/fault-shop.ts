// Helpers for the fault tests (tests/api/fault-*.test.ts): a shop database that outlives one
// server process (a PGlite data directory, or a fresh PostgreSQL database when DATABASE_URL is
// set), and a checkout through HTTP calls prepared up to its final /placeOrder.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { US_SHOPPER } from './shoppers.js';

export type ShopData = {
  /** Environment for startShop: DATA_DIR (and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** Opens the shop's database from the test (PGlite: only while no shop process runs on it). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
};

/** The demo catalog in a database of its own, copied from the global setup's snapshot/template. */
export async function shopData(): Promise<ShopData> {
  const testDb = inject('testDb');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'murashki-fault-'));
  const env = {
    DATA_DIR: dataDir,
    SEED: 'none',
    NODE_ENV: 'test',
    SESSION_SECRET: 'fault-secret-fault-secret-fault-secret-0',
  };
  if (testDb.kind === 'pglite') {
    const first = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(testDb.snapshots.demo)]) });
    await first.close();
    return {
      env,
      open: () => openDatabase({ dataDir }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `shop_fault_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${testDb.templates.demo}"`);
  await admin.end();
  const u = new URL(testDb.databaseUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  return {
    env: { ...env, DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, poolSize: 2 }),
    async cleanup() {
      const dropper = new pg.Client({ connectionString: testDb.databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Selection = {
  url: string;
  product_type: string;
  product_name: string;
  color: string;
  colorIndex: number;
  size: string;
  sizeIndex: number;
  isSoldOut: boolean;
};
type Item = {
  url: string;
  available_products: {
    type: string;
    name: string;
    /** A set's pieces (issue 27): each needs its own size, so a set is no single selection. */
    pieces?: string[];
    colors: { color_name: string; available_sizes: { name: string; sold_out: boolean }[] }[];
  }[];
};

/** Every size on offer in the shop, as the product page sends it. */
export async function openSelections(shopUrl: string): Promise<Selection[]> {
  const items = (await (await fetch(`${shopUrl}/getAllItems`)).json()) as Item[];
  return items.flatMap((item) =>
    item.available_products
      .filter((p) => !p.pieces?.length)
      .flatMap((p) =>
        p.colors.flatMap((c, colorIndex) =>
          c.available_sizes.flatMap((s, sizeIndex) =>
            s.sold_out
              ? []
              : [
                  {
                    url: item.url,
                    product_type: p.type,
                    product_name: p.name,
                    color: c.color_name,
                    colorIndex,
                    size: s.name,
                    sizeIndex,
                    isSoldOut: false,
                  },
                ],
          ),
        ),
      ),
  );
}

export type Shopper = typeof US_SHOPPER;

/** A checkout made through the shop's calls (bag → shipping → tax → sandbox card), ready for its /placeOrder. */
export type PreparedCheckout = { cookie: string; body: unknown; place(shopUrl?: string): Promise<Response> };

export async function prepareCheckout(
  shopUrl: string,
  pieces: Selection[],
  shopper: Shopper = US_SHOPPER,
): Promise<PreparedCheckout> {
  const token = await fetch(`${shopUrl}/token`);
  const cookie = token.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const post = async <T>(p: string, data: unknown): Promise<T> => {
    const res = await fetch(`${shopUrl}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(data),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  await post('/addToCart', pieces);
  const [option] = await post<{ type: string; amt: number }[]>('/order/getShippingOptions', { shippingInfo: shopper });
  const { taxRate } = await post<{ taxRate: number }>('/getTaxRate', { zipCode: shopper.zip });
  const secret = await post<string>('/api/getClientSecret', {
    taxRate,
    shippingFee: option!.amt,
    shippingType: option!.type,
  });
  const name = `${shopper.firstName} ${shopper.lastName}`;
  await post('/sandbox/card/confirm', {
    clientSecret: secret,
    cardNumber: '4242 4242 4242 4242',
    exp: '12/40',
    cvc: '123',
    name,
  });
  const body = {
    shippingInfo: shopper,
    billingInfo: { cardholderName: name },
    shippingType: option!.type,
    promo: null,
    additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
  };
  return {
    cookie,
    body,
    /** The final call, to this shop or (after a restart on another port) to `url`. */
    place: (url = shopUrl) =>
      fetch(`${url}/placeOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      }),
  };
}
