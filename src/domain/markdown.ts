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
const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
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
export const renderMarkdown = (source: string, options: { baseUrl?: string } = {}): string =>
  md.render(source, { baseUrl: options.baseUrl });

type Token = ReturnType<typeof md.parse>[number];

/** One paragraph's or heading's words as plain text: emphasis dropped, a link as 'text (address)', a picture as 'alt (address)'. */
function inlinePlainText(children: Token[], env: ShopEnv): string {
  let text = '';
  const links: { href: string; start: number }[] = [];
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += '\n';
    else if (child.type === 'link_open')
      links.push({ href: absolute(String(child.attrGet('href') ?? ''), env), start: text.length });
    else if (child.type === 'link_close') {
      const link = links.pop();
      const label = link ? text.slice(link.start).trim() : '';
      // A bare address (linkify, <https://…>) or an email address is already readable as it is.
      if (
        link?.href &&
        label !== link.href &&
        `mailto:${label}` !== link.href &&
        label !== link.href.replace(/^https?:\/\//, '')
      )
        text += ` (${link.href})`;
    } else if (child.type === 'image') {
      const src = absolute(String(child.attrGet('src') ?? ''), env);
      const alt = child.content.trim();
      text += alt ? `${alt} (${src})` : src;
    }
  }
  return text;
}

/**
 * The markdown as readable plain text, for the text part of an email: headings and paragraphs as
 * blocks, lists with '-' or their numbers, emphasis without its '**', links as 'text (address)'
 * with the shop's paths as full addresses (`baseUrl`), pictures as 'alt (address)'.
 */
export function markdownPlainText(source: string, options: { baseUrl?: string } = {}): string {
  const env: ShopEnv = { baseUrl: options.baseUrl };
  const blocks: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let listLines: string[] = [];
  let itemPrefix: string | null = null;
  let quoteDepth = 0;
  const quoted = (text: string) => (quoteDepth > 0 ? text.replace(/^/gm, '> '.repeat(quoteDepth)) : text);
  for (const token of md.parse(source, env)) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: token.type === 'ordered_list_open', n: Number(token.attrGet('start') ?? 1) - 1 });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0) {
          blocks.push(quoted(listLines.join('\n')));
          listLines = [];
        }
        break;
      case 'list_item_open': {
        const list = lists.at(-1)!;
        list.n += 1;
        itemPrefix = `${'   '.repeat(lists.length - 1)}${list.ordered ? `${list.n}.` : '-'} `;
        break;
      }
      case 'blockquote_open':
        quoteDepth += 1;
        break;
      case 'blockquote_close':
        quoteDepth -= 1;
        break;
      case 'inline': {
        const text = inlinePlainText(token.children ?? [], env);
        if (lists.length > 0) {
          const prefix = itemPrefix ?? ' '.repeat(3 * lists.length);
          listLines.push(prefix + text.replace(/\n/g, `\n${' '.repeat(prefix.length)}`));
          itemPrefix = null;
        } else if (text.trim() !== '') blocks.push(quoted(text));
        break;
      }
      case 'fence':
      case 'code_block':
        blocks.push(quoted(token.content.replace(/\n$/, '')));
        break;
      case 'hr':
        blocks.push('———');
        break;
    }
  }
  return blocks.join('\n\n');
}

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
