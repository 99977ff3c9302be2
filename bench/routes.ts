// The routes `npm run bench` measures. Later features add theirs here.
export type BenchRoute = {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Runs once before the load, against the started shop; answers extra request headers (e.g. a session cookie). */
  prepare?: (shopUrl: string) => Promise<Record<string, string>>;
  /** Instead of one request: each connection repeats these in order, as one shopper of its own. */
  sequence?: { method: 'GET' | 'POST'; path: string; body?: unknown }[];
  /** With `sequence`: one cookie header per connection (its own shopper session). */
  prepareShoppers?: (shopUrl: string, count: number) => Promise<string[]>;
  /** Fraction of hello-world req/s the route should reach (reported, not enforced here). */
  target?: number;
  /** p99 latency in ms the route should stay under. */
  p99Target?: number;
  /** Also load a bare node:http server sending this route's recorded answer, byte for byte (same-bytes.ts). */
  sameBytes?: boolean;
};

type CatalogItem = {
  url: string;
  available_products: {
    type: string;
    name: string;
    colors: { color_name: string; available_sizes: { name: string; sold_out: boolean }[] }[];
  }[];
};

async function selectionsOnOffer(shopUrl: string) {
  const items = (await (await fetch(`${shopUrl}/getAllItems`)).json()) as CatalogItem[];
  return items.flatMap((item) =>
    item.available_products.flatMap((p) =>
      p.colors.flatMap((c) =>
        c.available_sizes
          .filter((s) => !s.sold_out)
          .map((s) => ({
            url: item.url,
            product_type: p.type,
            product_name: p.name,
            color: c.color_name,
            size: s.name,
          })),
      ),
    ),
  );
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A shopper session whose bag holds `lines` different lines, one piece each. */
async function bagOf(lines: number, shopUrl: string): Promise<Record<string, string>> {
  const cookie = cookieOf(await fetch(`${shopUrl}/token`));
  const selections = await selectionsOnOffer(shopUrl);
  for (let i = 0; i < lines; i += 10) {
    const res = await fetch(`${shopUrl}/addToCart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(selections.slice(i, Math.min(lines, i + 10))),
    });
    if (!res.ok) throw new Error(`could not fill the bench bag: ${res.status} ${await res.text()}`);
  }
  return { cookie };
}

/** A piece most of whose sizes have no tracked stock limit, for the add/remove loop. */
async function benchSelection(shopUrl: string) {
  const selections = await selectionsOnOffer(shopUrl);
  return selections.find((s) => s.url === 'silk-balconette-bra') ?? selections[0]!;
}
let loopSelection: Awaited<ReturnType<typeof benchSelection>> | undefined;

/** Filter addresses a shopper might share (issue 27): each size × a colour, type, price or sort. */
export const FILTER_COMBINATIONS = ['XS', 'S', 'M', 'L'].flatMap((size) => [
  `size=${size}`,
  `size=${size}&color=black&inStock=1`,
  `size=${size}&type=bra&sort=price-asc`,
  `size=${size}&minPrice=50&maxPrice=150&sort=newest`,
  `size=${size}&color=ivory&color=champagne&sort=price-desc`,
  `category=bras&size=${size}&inStock=1`,
]);

export const routes: BenchRoute[] = [
  { name: 'GET /getCategories', path: '/getCategories' },
  { name: 'GET /product?url=…', path: '/product?url=silk-balconette-bra', target: 0.5, p99Target: 25, sameBytes: true },
  // Issue 28 (funnel): the same read by a shopper with a session, whose product views the funnel counts.
  {
    name: 'GET /product?url=… (a shopper with a session)',
    path: '/product?url=silk-balconette-bra',
    target: 0.5,
    p99Target: 25,
    prepare: async (url) => ({ cookie: cookieOf(await fetch(`${url}/token`)) }),
  },
  { name: 'GET /getAllItems', path: '/getAllItems', target: 0.5, p99Target: 25, sameBytes: true },
  // What /collections and /categories read: one page of 48 tiles, however large the catalog. Page 1: the
  // demo catalog's 25 pieces fit on it, and a page past the end (page 2 there) is an empty answer made per request.
  { name: 'GET /listItems?page=1', path: '/listItems?page=1', target: 0.5, p99Target: 25, sameBytes: true },
  { name: 'GET /collections (page, HTML)', path: '/collections' },
  // Search (issue 27): a word, a typo, several words; budget p95 <= 30 ms at 10,000 items (--scale).
  // Repeated queries are answered from the search service's memo (kept until the catalogue changes).
  { name: 'GET /searchItems?q=silk', path: '/searchItems?q=silk', p99Target: 30 },
  { name: 'GET /searchItems?q=balconete (typo)', path: '/searchItems?q=balconete', p99Target: 30 },
  { name: 'GET /searchItems?q=black+lace+bra&page=2', path: '/searchItems?q=black+lace+bra&page=2', p99Target: 30 },
  { name: 'GET /search?q=silk (page, HTML)', path: '/search?q=silk' },
  // Issue 27: filtered and sorted lists (the target at 10,000 items is p95 <= 30 ms). One shared
  // address (kept prepared after its first request), then shoppers each walking through many.
  { name: 'GET /listItems?size=M&color=black&sort=price-asc', path: '/listItems?size=M&color=black&sort=price-asc' },
  {
    name: 'GET /listItems (24 filter combinations)',
    path: '/listItems',
    sequence: FILTER_COMBINATIONS.map((query) => ({ method: 'GET' as const, path: `/listItems?${query}` })),
  },
  { name: 'GET /collections?size=M&inStock=1 (HTML)', path: '/collections?size=M&inStock=1' },
  { name: 'GET /getCart (1 line)', path: '/getCart', prepare: (url) => bagOf(1, url), target: 0.3 },
  { name: 'GET /getCart (20 lines)', path: '/getCart', prepare: (url) => bagOf(20, url) },
  {
    // What a shopper's browser does when adding: POST /addToCart, then GET /getCart (spec §4: the
    // cart is refreshed after each add); then the piece is removed again so the bag stays small.
    name: 'add → getCart → remove → getCart',
    path: '/addToCart',
    target: 0.3,
    sequence: [
      { method: 'POST', path: '/addToCart', body: 'selection' },
      { method: 'GET', path: '/getCart' },
      { method: 'POST', path: '/removeFromCart', body: { index: 0, all: true } },
      { method: 'GET', path: '/getCart' },
    ],
    prepareShoppers: async (url, count) => {
      loopSelection = await benchSelection(url);
      return Promise.all(Array.from({ length: count }, async () => cookieOf(await fetch(`${url}/token`))));
    },
  },
];

/** The body of a sequence step: 'selection' stands for the loop's piece, chosen when shoppers are prepared. */
export const stepBody = (body: unknown) => (body === 'selection' ? [loopSelection] : body);
