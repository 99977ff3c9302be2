// The routes `npm run bench` measures. Later features add theirs here.
export type BenchRoute = {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Fraction of hello-world req/s the route must reach (reported, not enforced here). */
  target?: number;
};

export const routes: BenchRoute[] = [{ name: 'GET /getCategories', path: '/getCategories' }];
