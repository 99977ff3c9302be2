// A small HTML tokenizer, close enough to a browser's for one question: does a document hold
// markup that would run script? Used by the XSS corpus test on pages and emails.

export type Tag = { name: string; attrs: [string, string][]; content?: string };

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every start tag of `html` with its decoded attributes, and the raw text of script/style-like elements. */
export function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const nameMatch = /^<([a-zA-Z][^\s/>\0]*)/.exec(html.slice(lt, lt + 64));
    if (!nameMatch) {
      i = lt + 1;
      continue;
    }
    const name = nameMatch[1]!.toLowerCase();
    let j = lt + nameMatch[0].length;
    const attrs: [string, string][] = [];
    while (j < html.length && html[j] !== '>') {
      const rest = html.slice(j);
      const attr = /^[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/.exec(rest);
      if (!attr || attr[0].length === 0) {
        j++;
        continue;
      }
      if (attr[1]) attrs.push([attr[1].toLowerCase(), decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '')]);
      j += attr[0].length;
    }
    const tag: Tag = { name, attrs };
    i = j + 1;
    if (RAW_TEXT.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, i);
      const end = close === -1 ? html.length : close;
      tag.content = html.slice(i, end);
      i = end;
    }
    tags.push(tag);
  }
  return tags;
}

const SCRIPT_URL = /^(javascript|vbscript|livescript):|^data:(text\/html|application\/(x-)?javascript|image\/svg)/i;
const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'srcset',
  'ping',
  'cite',
  'codebase',
]);

/**
 * What in `html` would run script: script elements other than the app's own bundles and JSON data
 * blocks, on* event attributes, script URLs, and data blocks that a payload could close early.
 */
export function executableMarkup(html: string, options: { ownScript?: (tag: Tag) => boolean } = {}): string[] {
  const found: string[] = [];
  for (const tag of startTags(html)) {
    for (const [name, value] of tag.attrs) {
      if (/^on/.test(name)) found.push(`<${tag.name} ${name}="${value.slice(0, 80)}">`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop control characters from URLs, so the scan does too
      if (URL_ATTRS.has(name) && SCRIPT_URL.test(value.replace(/[\s\u0000-\u001f]/g, '')))
        found.push(`<${tag.name} ${name}="${value.slice(0, 80)}">`);
      if (name === 'http-equiv' && /refresh/i.test(value)) found.push(`<${tag.name} http-equiv=refresh>`);
    }
    if (tag.name === 'script') {
      const type = tag.attrs.find(([n]) => n === 'type')?.[1].toLowerCase();
      const isData = type === 'application/json' || type === 'application/ld+json';
      if (isData) {
        if (/<!--|<script/i.test(tag.content ?? ''))
          found.push(`a data <script> with markup inside: ${tag.content?.slice(0, 80)}`);
      } else if (!options.ownScript?.(tag)) {
        found.push(`<script ${tag.attrs.map(([n, v]) => `${n}="${v}"`).join(' ')}>${(tag.content ?? '').slice(0, 80)}`);
      }
    }
    if (['iframe', 'object', 'embed', 'base', 'frame', 'applet'].includes(tag.name)) found.push(`<${tag.name}>`);
  }
  return found;
}
