// Cold reads of a running shop (issue 27): search queries nobody asked before (bench/search.ts) and
// filtered lists, each address once. node --import tsx bench/experiments/cold-reads.ts http://127.0.0.1:PORT
import { percentile } from '../checkout.js';
import { FILTER_COMBINATIONS } from '../routes.js';
import { printColdSearches, timeColdSearches } from '../search.js';

const shopUrl = process.argv[2]!;
printColdSearches(await timeColdSearches(shopUrl));
const times: number[] = [];
for (const query of FILTER_COMBINATIONS) {
  const started = performance.now();
  const res = await fetch(`${shopUrl}/listItems?${query}`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`/listItems?${query} answered ${res.status}`);
  times.push(performance.now() - started);
}
console.log(
  `filtered /listItems, ${times.length} addresses each once: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
);
process.exit(0);
