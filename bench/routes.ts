// The routes `npm run bench` measures. Later features add theirs here.
export type BenchRoute = {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Runs once before the load, against the started shop; answers extra request headers (e.g. a session cookie). */
  prepare?: (shopUrl: string) => Promise<Record<string, string>>;
  /** Fraction of hello-world req/s the route should reach (reported, not enforced here). */
  target?: number;
  /** p99 latency in ms the route should stay under. */
  p99Target?: number;
};

type CatalogItem = {
  url: string;
  available_products: { type: string; name: string; colors: { color_name: string; available_sizes: { name: string; sold_out: boolean }[] }[] }[];
};

/** A shopper session whose bag holds `lines` different lines, one piece each. */
async function bagOf(lines: number, shopUrl: string): Promise<Record<string, string>> {
  const token = await fetch(`${shopUrl}/token`);
  const cookie = token.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const items = (await (await fetch(`${shopUrl}/getAllItems`)).json()) as CatalogItem[];
  const selections = items.flatMap((item) =>
    item.available_products.flatMap((p) =>
      p.colors.flatMap((c) =>
        c.available_sizes.filter((s) => !s.sold_out).map((s) => ({ url: item.url, product_type: p.type, product_name: p.name, color: c.color_name, size: s.name })),
      ),
    ),
  );
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

export const routes: BenchRoute[] = [
  { name: 'GET /getCategories', path: '/getCategories' },
  { name: 'GET /product?url=…', path: '/product?url=silk-balconette-bra', target: 0.5, p99Target: 25 },
  { name: 'GET /getAllItems', path: '/getAllItems', target: 0.5, p99Target: 25 },
  { name: 'GET /getCart (1 line)', path: '/getCart', prepare: (url) => bagOf(1, url), target: 0.3 },
  { name: 'GET /getCart (20 lines)', path: '/getCart', prepare: (url) => bagOf(20, url) },
];
