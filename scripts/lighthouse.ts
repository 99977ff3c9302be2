// npm run lighthouse (alias npm run audit): Lighthouse (mobile preset) in Debian's Chromium against the
// production build of the shop on localhost, with the demo catalog. Prints performance,
// accessibility (Lighthouse runs axe-core for it, and lists any failing audit), best practices and
// SEO per page; exits 1 when a page misses the targets of the storefront issue.
// --all audits every storefront route, not only the three main ones.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser.js';
import { ROOT } from '../tests/support/paths.js';
import { startShop } from '../tests/support/shop-process.js';

const MAIN_PAGES = ['/', '/collections', '/product/silk-balconette-bra'];
const MORE_PAGES = ['/categories/?category=bras', '/info/faq', '/story', '/sizing-guide', '/cart/checkout', '/return-form'];
const PAGES = process.argv.includes('--all') ? [...MAIN_PAGES, ...MORE_PAGES] : MAIN_PAGES;
const TARGETS = { performance: 95, accessibility: 95, seo: 100 } as const;

const shop = await startShop({
  DATA_DIR: path.join(ROOT, '.tmp', 'lighthouse-data'),
  NODE_ENV: 'production',
  SESSION_SECRET: 'lighthouse-secret-lighthouse-secret-0000',
  LOG_LEVEL: 'error',
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const reportDir = path.join(ROOT, '.tmp', 'lighthouse');
mkdirSync(reportDir, { recursive: true });
let failed = false;
try {
  console.log(`Lighthouse ${'(mobile)'.padEnd(20)} perf  a11y  best   seo   LCP ms  TBT ms   CLS`);
  for (const page of PAGES) {
    // The shop's public URL is 127.0.0.1; ask for localhost so Lighthouse treats it as a secure origin.
    const url = shop.url.replace('127.0.0.1', 'localhost') + page;
    const result = await lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error' });
    writeFileSync(path.join(reportDir, `${page.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(result?.lhr));
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    const { categories, audits } = result.lhr;
    const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
    const scores = { performance: score('performance'), accessibility: score('accessibility'), seo: score('seo') };
    const miss = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((k) => scores[k] < TARGETS[k]);
    if (miss.length) failed = true;
    console.log(
      `${page.padEnd(30)}${String(scores.performance).padStart(4)}${String(scores.accessibility).padStart(6)}${String(score('best-practices')).padStart(6)}${String(scores.seo).padStart(6)}` +
        `${String(Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)).padStart(9)}${String(Math.round(audits['total-blocking-time']?.numericValue ?? 0)).padStart(8)}` +
        `${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(7)}${miss.length ? `  BELOW: ${miss.join(', ')}` : ''}`,
    );
    for (const [key, category] of Object.entries(categories)) {
      if ((category.score ?? 1) >= 1 || !['accessibility', 'seo'].includes(key)) continue;
      const failing = category.auditRefs.filter((ref) => (audits[ref.id]?.score ?? 1) < 1 && ref.weight > 0).map((ref) => ref.id);
      if (failing.length) console.log(`    ${key}: ${failing.join(', ')}`);
    }
    writeFileSync(path.join(reportDir, `${page.replace(/\W+/g, '_') || 'home'}.html`), result.report as string);
  }
  console.log(`\nreports: ${path.relative(ROOT, reportDir)}/`);
} finally {
  chrome.kill();
  await shop.stop();
}
process.exit(failed ? 1 : 0);
