// Markdown written by the owner (info pages, newsletters) to HTML that is safe to put on a page or
// in an email: raw HTML in the source is escaped, and markdown-it refuses javascript:/data: links.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

// Links leaving the shop open safely in a new tab.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    tokens[idx]!.attrSet('rel', 'noopener noreferrer');
    tokens[idx]!.attrSet('target', '_blank');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export const renderMarkdown = (source: string): string => md.render(source);
