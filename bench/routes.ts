// The routes `npm run bench` measures. Later features add theirs here.
export type BenchRoute = {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Fraction of hello-world req/s the route should reach (reported, not enforced here). */
  target?: number;
  /** p99 latency in ms the route should stay under. */
  p99Target?: number;
};

export const routes: BenchRoute[] = [
  { name: 'GET /getCategories', path: '/getCategories' },
  { name: 'GET /product?url=…', path: '/product?url=silk-balconette-bra', target: 0.5, p99Target: 25 },
  { name: 'GET /getAllItems', path: '/getAllItems', target: 0.5, p99Target: 25 },
];
