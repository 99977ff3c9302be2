// What search engines read besides the pages: the sitemap of published content and robots.txt.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Pages served elsewhere than /info/{page}. */
const INFO_ROUTES: Record<string, string> = { story: '/story' };

export const seoRoutes: FastifyPluginAsync<AppContext> = async (app, { config, services }) => {
  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /bulk/',
      'Disallow: /edit/',
      'Disallow: /cart/',
      'Disallow: /unsubscribe/',
      'Disallow: /promo-performance',
      '',
      `Sitemap: ${config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const [snapshot, categories] = await Promise.all([services.catalog.snapshot(), services.content.listCategories()]);
    const paths = ['/', '/collections', '/sizing-guide', '/gift-card'];
    for (const c of categories)
      if (snapshot.byCategory.has(c.key)) paths.push(`/categories/?category=${encodeURIComponent(c.key)}`);
    for (const item of snapshot.items.value) paths.push(`/product/${encodeURIComponent(item.url)}`);
    for (const page of snapshot.info.keys()) paths.push(INFO_ROUTES[page] ?? `/info/${encodeURIComponent(page)}`);
    const urls = [...new Set(paths)].map((p) => `  <url><loc>${xmlEscape(config.publicUrl + p)}</loc></url>`);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
};
