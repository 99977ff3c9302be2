// Search queries nobody asked before (issue 27): each of these is sent once, so none is answered from
// the search service's memo (bench/routes.ts times the repeated ones). Words of titles, colours and
// types, typos, several words, words nowhere in the shop; one at a time, as shoppers type them.
import { percentile } from './checkout.js';

const WORDS = [
  'silk',
  'bra',
  'lace',
  'brief',
  'robe',
  'kimono',
  'balconette',
  'bralette',
  'thong',
  'slip',
  'dress',
  'ivory',
  'black',
  'champagne',
  'mocha',
  'rose',
  'longline',
  'triangle',
  'cheeky',
  'satin',
  'tulle',
  'set',
  'cashmere',
  'plunge',
  'high',
  'waist',
  'garters',
  'mulberry',
  'bodysuit',
  'noir',
];
const TYPOS = ['balconete', 'slik', 'bralete', 'kimona', 'champane', 'lacee', 'trianlge', 'satn', 'robbe', 'ivroy'];
const PHRASES = ['black lace bra', 'silk robe', 'ivory silk slip', 'tulle longline', 'dusty rose brief', 'high waist'];

/** Every query once (distinct strings: no memo hits), then p50/p95 in ms. */
export async function timeColdSearches(shopUrl: string): Promise<{ n: number; p50: number; p95: number; max: number }> {
  const queries = [...WORDS, ...TYPOS, ...PHRASES, ...WORDS.map((w) => `${w} ${WORDS[(w.length * 7) % WORDS.length]}`)];
  const pages = queries.flatMap((q) => [`q=${encodeURIComponent(q)}`, `q=${encodeURIComponent(q)}&page=2`]);
  // One untimed request first: the connection and the server's first-query costs are not the search's.
  await (await fetch(`${shopUrl}/searchItems?q=warmup`)).arrayBuffer();
  const times: number[] = [];
  for (const query of new Set(pages)) {
    const started = performance.now();
    const res = await fetch(`${shopUrl}/searchItems?${query}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`/searchItems?${query} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

export function printColdSearches(t: { n: number; p50: number; p95: number; max: number }) {
  console.log(
    `\nsearch queries nobody asked before (each once, no memo), ${t.n} queries: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, max ${t.max.toFixed(1)} ms  ${t.p95 <= 30 ? 'ok' : 'ABOVE'} p95 <= 30 ms`,
  );
}
