// Markdown written by the owner (info pages, newsletters) to HTML that is safe to put on a page or
// in an email: raw HTML in the source is escaped, and markdown-it refuses javascript:/data: links.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

/** What a render is given: where its paths lead (see renderMarkdown). */
type ShopEnv = { baseUrl?: string } | undefined;

/** A path of the shop (/collections, /uploads/x.jpg), not a protocol-relative address (//cdn…). */
const SHOP_PATH = /^\/(?!\/)/;

/** With a base URL (an email, read away from the shop), a path like /collections or /uploads/x.jpg becomes a full address. */
const absolute = (url: string, env: ShopEnv) => (env?.baseUrl && SHOP_PATH.test(url) ? `${env.baseUrl}${url}` : url);

// Links leaving the shop open safely in a new tab.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    tokens[idx]!.attrSet('rel', 'noopener noreferrer');
    tokens[idx]!.attrSet('target', '_blank');
  }
  tokens[idx]!.attrSet('href', absolute(href, env as ShopEnv));
  return defaultLinkOpen(tokens, idx, options, env, self);
};
const defaultImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('src', absolute(String(tokens[idx]!.attrGet('src') ?? ''), env as ShopEnv));
  return defaultImage(tokens, idx, options, env, self);
};

/** `baseUrl` (no trailing slash): where the HTML is read away from the shop, e.g. an email; paths become full addresses. */
export const renderMarkdown = (source: string, options: { baseUrl?: string } = {}): string => md.render(source, { baseUrl: options.baseUrl });

/**
 * The markdown source with the shop's paths in its links and pictures as full addresses: the
 * plain-text part of an email shows the source, and a reader must be able to follow its links.
 */
export const withFullAddresses = (source: string, baseUrl: string): string =>
  source.replace(/\]\(([^)\s]*)/g, (target, url: string) => (SHOP_PATH.test(url) ? `](${baseUrl}${url}` : target));

/** The words of the markdown without its markup (headings, emphasis, link targets, pictures), on one line: for an inbox preview. */
export function markdownText(source: string): string {
  const words: string[] = [];
  for (const token of md.parse(source, {})) {
    for (const child of token.children ?? []) {
      if (child.type === 'text' || child.type === 'code_inline') words.push(child.content);
      else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ');
    }
    if (token.type.endsWith('_close') && token.block) words.push(' ');
  }
  return words.join('').replace(/\s+/g, ' ').trim();
}
