// The look of /docs/api (decision 045): Swagger UI dressed in the shop's tokens, serif headings, sans
// body, muted palette and its one accent, through @fastify/swagger-ui's own `theme` option. A string
// here rather than a file: the compiled server reads no file of ours by its own path (decision 047).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readAssets, webRoot } from '../ssr/storefront-renderer.js';

/**
 * The storefront's design tokens the page uses, as src/web/styles/global.css declares them under
 * `:root` (api-docs-theme.test.ts fails when one of them differs there).
 */
export const SHOP_TOKENS = {
  '--ivory': '#fbf8f3',
  '--paper': '#fffdf9',
  '--sand-100': '#f5eee5',
  '--sand-200': '#ece2d5',
  '--blush': '#efdfd8',
  '--charcoal': '#2a2522',
  '--ink-soft': '#5f5650',
  '--line': '#e4dacd',
  '--line-strong': '#cdbfae',
  '--accent': '#7b2d3b',
  '--accent-deep': '#5e1f2b',
  '--danger': '#a3262f',
  '--font-serif': "'Cormorant Garamond Core', 'Cormorant Garamond Variable', serif",
  '--font-sans': "'Jost Core', 'Jost Variable', sans-serif",
  '--ease': 'cubic-bezier(0.22, 0.7, 0.2, 1)',
  '--gutter': 'clamp(20px, 5vw, 72px)',
} as const;

/** The shop's favicon, src/web/assets/favicon.svg (the test keeps the two the same). */
export const SHOP_FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7b2d3b"/><path d="M16 46V19h3.2l12.8 17.2L44.8 19H48v27h-4.4V28.4L32 44 20.4 28.4V46z" fill="#fbf8f3"/></svg>';

/**
 * The storefront's @font-face rules as the web build wrote them (its entry stylesheet), so the page
 * loads the same font files from /assets/. None without a web build (the API tests may run without
 * one): the stacks then fall back to the reader's own serif and sans.
 */
export function builtFontFaces(root = webRoot): string {
  if (!existsSync(path.join(root, 'client', '.vite', 'manifest.json'))) return '';
  const css = readAssets(root)
    .styles.map((href) => readFileSync(path.join(root, 'client', href), 'utf8'))
    .join('\n');
  return (css.match(/@font-face\s*\{[^}]*\}/g) ?? []).join('\n');
}

const tokens = Object.entries(SHOP_TOKENS)
  .map(([name, value]) => `  ${name}: ${value};`)
  .join('\n');

// Swagger UI's own rules are `.swagger-ui .a .b` (no ids, a few !important); prefixing ours with the
// page's one id (#swagger-ui) lets them win without !important. Code keeps a monospace face: the
// shop has none, so it is the reader's own.
const THEME_CSS = `
:root {
${tokens}
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
  color-scheme: light;
}

html { overflow-y: auto; }
body {
  margin: 0;
  background: var(--ivory);
  color: var(--charcoal);
  font-family: var(--font-sans);
  font-size: 15px;
  line-height: 1.6;
  -webkit-font-smoothing: antialiased;
  text-rendering: optimizeLegibility;
}
::selection { background: var(--blush); color: var(--charcoal); }

#swagger-ui :where(*) { font-family: var(--font-sans); color: var(--charcoal); }
#swagger-ui :is(pre, code, kbd, samp, textarea, .model, .prop-format, .parameter__type, .parameter__in,
  .parameter__extension, .parameter__deprecated, .response__extension, .opblock-summary-path,
  .opblock-summary-operation-id, .base-url, table.headers td, .json-schema-2020-12__attribute,
  .json-schema-2020-12__title),
#swagger-ui :is(pre, code, .model, .opblock-summary-path, .json-schema-2020-12__title) * {
  font-family: var(--mono);
}
/* A ring for the keyboard only, in the accent (Swagger UI rings its toggles on every click). */
#swagger-ui :is(.opblock-summary-control, .models-control, .model-box-control, .link):focus:not(:focus-visible) { outline: none; }
#swagger-ui :focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }

#swagger-ui .wrapper { max-width: 1360px; padding: 0 var(--gutter); }
#swagger-ui .swagger-ui { padding-bottom: 64px; }

/* The heading: the document's name in the shop's serif, its version as a quiet eyebrow. */
#swagger-ui .info { margin: 56px 0 40px; max-width: 880px; }
#swagger-ui .info hgroup.main { margin: 0 0 24px; }
#swagger-ui .info .title {
  font-family: var(--font-serif);
  font-size: clamp(38px, 6vw, 60px);
  font-weight: 400;
  line-height: 1.05;
  letter-spacing: -0.005em;
}
#swagger-ui .info .title small {
  top: 0;
  margin: 0 0 0 10px;
  padding: 3px 8px;
  border: 1px solid var(--line-strong);
  border-radius: 0;
  background: transparent;
  vertical-align: middle;
}
#swagger-ui .info .title small pre {
  font-family: var(--font-sans);
  font-size: 11px;
  font-weight: 500;
  letter-spacing: 0.16em;
  text-transform: uppercase;
  color: var(--ink-soft);
}
#swagger-ui .info a, #swagger-ui .markdown a, #swagger-ui .renderedMarkdown a {
  color: var(--accent);
  font-size: 13px;
  text-decoration: underline;
  text-underline-offset: 3px;
}
#swagger-ui .info a:hover { color: var(--accent-deep); }
#swagger-ui .info a span { color: inherit; }
#swagger-ui .info .description, #swagger-ui .info .description p, #swagger-ui .info li { font-size: 15px; line-height: 1.65; }
#swagger-ui .info .description ul { padding-left: 20px; }
#swagger-ui .info li { margin: 6px 0; }
#swagger-ui .markdown code, #swagger-ui .renderedMarkdown code {
  padding: 1px 5px;
  border-radius: 2px;
  background: var(--sand-100);
  color: var(--accent-deep);
  font-size: 0.86em;
  font-weight: 500;
}

/* Servers and the sign-in button: a band of paper between two hairlines, edge to edge. */
#swagger-ui .scheme-container {
  margin: 0 0 16px;
  padding: 24px 0;
  border-top: 1px solid var(--line);
  border-bottom: 1px solid var(--line);
  background: var(--paper);
  box-shadow: none;
}
#swagger-ui .scheme-container .schemes { gap: 16px; flex-wrap: wrap; }
#swagger-ui .servers-title, #swagger-ui .schemes-title,
#swagger-ui table thead tr th, #swagger-ui table thead tr td,
#swagger-ui .opblock .opblock-section-header h4, #swagger-ui .opblock .opblock-section-header > label,
#swagger-ui .responses-inner h4, #swagger-ui .responses-inner h5 {
  font-size: 11px;
  font-weight: 500;
  letter-spacing: 0.2em;
  text-transform: uppercase;
  color: var(--ink-soft);
}

/* Controls as the shop draws them: square, a hairline, uppercase labels. */
#swagger-ui select, #swagger-ui input[type='text'], #swagger-ui input[type='password'], #swagger-ui textarea {
  border: 1px solid var(--line-strong);
  border-radius: 0;
  background-color: var(--paper);
  box-shadow: none;
}
#swagger-ui select { padding-right: 32px; font-weight: 500; }
#swagger-ui textarea { color: var(--charcoal); }
#swagger-ui .btn {
  border: 1px solid var(--charcoal);
  border-radius: 0;
  background: transparent;
  box-shadow: none;
  font-size: 11px;
  font-weight: 500;
  letter-spacing: 0.18em;
  text-transform: uppercase;
  transition: background-color 200ms var(--ease), color 200ms var(--ease), border-color 200ms var(--ease);
}
#swagger-ui .btn:hover { box-shadow: none; background: var(--sand-100); }
#swagger-ui .btn.authorize { padding: 10px 18px; border-color: var(--accent); color: var(--accent); }
#swagger-ui .btn.authorize span { color: inherit; padding-top: 2px; }
@media not (forced-colors: active) {
  #swagger-ui .btn.authorize svg path { fill: var(--accent); }
}
#swagger-ui .btn.execute, #swagger-ui .btn.authorize.modal-btn-auth {
  background: var(--charcoal);
  border-color: var(--charcoal);
  color: var(--ivory);
}
#swagger-ui .btn.execute:hover { background: var(--accent); border-color: var(--accent); }
#swagger-ui .btn.cancel { border-color: var(--danger); color: var(--danger); }
#swagger-ui .btn-group .btn:first-child, #swagger-ui .btn-group .btn:last-child { border-radius: 0; }

/* Groups: a serif name, its description beside it (below it on a phone). */
#swagger-ui .opblock-tag-section { margin-bottom: 8px; }
#swagger-ui .opblock-tag {
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 24px 0 12px;
  padding: 12px 0;
  border-bottom: 1px solid var(--line);
}
#swagger-ui .opblock-tag:hover { background: transparent; }
#swagger-ui .opblock-tag > a.nostyle, #swagger-ui .opblock-tag > a.nostyle span {
  font-family: var(--font-serif);
  font-size: 34px;
  font-weight: 400;
  line-height: 1.1;
}
#swagger-ui .opblock-tag small { flex: 1 1 260px; padding: 0; }
#swagger-ui .opblock-tag small, #swagger-ui .opblock-tag small p { color: var(--ink-soft); font-size: 14px; }
#swagger-ui .opblock-tag .expand-operation svg, #swagger-ui .opblock-control-arrow svg,
#swagger-ui .models-control svg, #swagger-ui .model-toggle, #swagger-ui .arrow { fill: var(--ink-soft); }

/* Operations: paper cards on a hairline; the method a small square label. GET reads in charcoal,
   writes (POST, PUT, PATCH) in the accent, DELETE in the shop's danger red. */
#swagger-ui .opblock, #swagger-ui .opblock.opblock-get, #swagger-ui .opblock.opblock-post,
#swagger-ui .opblock.opblock-put, #swagger-ui .opblock.opblock-patch, #swagger-ui .opblock.opblock-delete,
#swagger-ui .opblock.opblock-head, #swagger-ui .opblock.opblock-options {
  margin: 0 0 8px;
  border: 1px solid var(--line);
  border-radius: 0;
  background: var(--paper);
  box-shadow: none;
}
#swagger-ui .opblock:hover, #swagger-ui .opblock.is-open { border-color: var(--line-strong); }
#swagger-ui .opblock .opblock-summary { padding: 6px 8px; border-color: var(--line); }
#swagger-ui .opblock .opblock-summary-method {
  min-width: 64px;
  padding: 5px 0;
  border-radius: 0;
  background: var(--charcoal);
  color: var(--ivory);
  font-size: 11px;
  font-weight: 500;
  letter-spacing: 0.14em;
  text-shadow: none;
}
#swagger-ui :is(.opblock-post, .opblock-put, .opblock-patch) .opblock-summary-method { background: var(--accent); }
#swagger-ui .opblock-delete .opblock-summary-method { background: var(--danger); }
#swagger-ui .opblock .opblock-summary-path, #swagger-ui .opblock .opblock-summary-path a span {
  font-size: 14px;
  font-weight: 500;
  word-break: break-word;
}
#swagger-ui .opblock .opblock-summary-description { color: var(--ink-soft); font-size: 14px; }
#swagger-ui .opblock .opblock-section-header { background: var(--sand-100); box-shadow: none; }
#swagger-ui .opblock .tab-header .tab-item.active h4 span::after { background: var(--accent); }
#swagger-ui .opblock-description-wrapper p, #swagger-ui .opblock-external-docs-wrapper p,
#swagger-ui .opblock-title_normal p, #swagger-ui .response-col_description p { font-size: 14px; }
#swagger-ui .opblock .opblock-summary .view-line-link, #swagger-ui .copy-to-clipboard { border-radius: 0; }
#swagger-ui .copy-to-clipboard { background: var(--ink-soft); }
#swagger-ui .copy-to-clipboard button { filter: none; }
#swagger-ui .authorization__btn { padding-left: 8px; }
#swagger-ui .authorization__btn.locked svg, #swagger-ui .authorization__btn.unlocked svg { fill: var(--ink-soft); }

/* Parameters, answers, examples. */
#swagger-ui table thead tr th, #swagger-ui table thead tr td { border-bottom: 1px solid var(--line); }
#swagger-ui .parameter__name.required span, #swagger-ui .parameter__name.required::after { color: var(--danger); }
#swagger-ui .parameter__type, #swagger-ui .prop-format, #swagger-ui .parameter__in { color: var(--ink-soft); }
#swagger-ui .response-col_status { font-weight: 500; }
/* The document declares no response links, so their column would only say "No links" each time. */
#swagger-ui .response-col_links { display: none; }
#swagger-ui .tab li { font-size: 12px; letter-spacing: 0.04em; }
#swagger-ui .tab li.active, #swagger-ui .tab li.active button { color: var(--accent); font-weight: 500; }
#swagger-ui .tab li button.tablinks { color: inherit; }
#swagger-ui .opblock-body pre.microlight, #swagger-ui .highlight-code > .microlight, #swagger-ui textarea.curl {
  border: 1px solid var(--line);
  border-radius: 0;
  background: var(--sand-100);
  color: var(--charcoal);
  font-size: 12.5px;
  font-weight: 400;
  line-height: 1.55;
}
#swagger-ui .opblock-body pre.microlight *, #swagger-ui .highlight-code > .microlight * { color: var(--charcoal); }
#swagger-ui .response-control-media-type--accept-controller select { border-color: var(--line-strong); }
#swagger-ui .response-control-media-type__accept-message { color: var(--ink-soft); }

/* Schemas. */
#swagger-ui section.models { border: 1px solid var(--line); border-radius: 0; background: var(--paper); }
#swagger-ui section.models h4, #swagger-ui section.models h4 span {
  font-family: var(--font-serif);
  font-size: 26px;
  font-weight: 400;
}
#swagger-ui section.models .model-container { border-radius: 0; background: var(--ivory); }
#swagger-ui section.models .model-container:hover { background: var(--sand-100); }
#swagger-ui .model-box { border-radius: 0; background: transparent; }
#swagger-ui .model-title, #swagger-ui .model-title * { font-family: var(--font-sans); font-weight: 500; }
#swagger-ui .model .property.primitive, #swagger-ui .prop-type { color: var(--accent-deep); }
#swagger-ui .json-schema-2020-12__constraint { border-radius: 0; background: var(--sand-200); }
#swagger-ui .json-schema-2020-12-accordion, #swagger-ui .json-schema-2020-12-expand-deep-button { background: none; }

/* The sign-in dialog. */
#swagger-ui .dialog-ux .backdrop-ux { background: rgba(42, 37, 34, 0.5); }
#swagger-ui .dialog-ux .modal-ux { border: 1px solid var(--line); border-radius: 0; background: var(--paper); box-shadow: none; }
#swagger-ui .dialog-ux .modal-ux-header { border-bottom-color: var(--line); }
#swagger-ui .dialog-ux .modal-ux-header h3 { font-family: var(--font-serif); font-size: 28px; font-weight: 400; }
#swagger-ui .errors-wrapper { border-radius: 0; border-color: var(--danger); background: var(--blush); }
#swagger-ui .errors-wrapper :is(h4, .error-line, .message) { color: var(--danger); }

@media (max-width: 600px) {
  #swagger-ui .info { margin: 36px 0 28px; }
  #swagger-ui .info .title small { margin: 8px 8px 0 0; }
  #swagger-ui .opblock-tag > a.nostyle, #swagger-ui .opblock-tag > a.nostyle span { font-size: 28px; }
  #swagger-ui .opblock .opblock-summary-method { min-width: 52px; }
  #swagger-ui .opblock .opblock-summary-path, #swagger-ui .opblock .opblock-summary-path a span { font-size: 13px; }
  #swagger-ui .opblock-body pre.microlight { font-size: 12px; }
  /* An answer's code above its description, which then has the card's whole width. */
  #swagger-ui .responses-table thead { display: none; }
  #swagger-ui .responses-table tr.response { display: flex; flex-direction: column; }
  #swagger-ui .responses-table tr.response > td { padding: 4px 0; }
  #swagger-ui .responses-table tr.response + tr.response { border-top: 1px solid var(--line); }
  #swagger-ui .responses-table tr.response > td.response-col_status { padding-top: 16px; }
}

@media (prefers-reduced-motion: reduce) {
  #swagger-ui *, #swagger-ui *::before, #swagger-ui *::after { transition-duration: 0.01ms !important; }
}
`;

/** The page's name and its stylesheet: the built @font-face rules first, then the theme. */
export function apiDocsTheme(title: string, fontFaces: string) {
  return { title, css: [{ filename: 'shop.css', content: `${fontFaces}\n${THEME_CSS}` }] };
}

/** The shop's favicon as a data: address (the page's policy allows data: pictures). */
export const SHOP_FAVICON_LINK = `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(SHOP_FAVICON_SVG)}" />`;

const SWAGGER_FAVICONS = /<link rel="icon" type="image\/png" href="[^"]*\/favicon-\d+x\d+\.png"[^>]*>\s*/g;

/**
 * The page's HTML with the shop's favicon instead of Swagger's. Not `theme.favicon`: that serves
 * the icon from a route of its own, and every route of the app is accounted for by the call table's
 * test (tests/api/call-table.test.ts); a data: address needs none.
 */
export const withShopFavicon = (html: string) =>
  html.replace(SWAGGER_FAVICONS, '').replace('</head>', `${SHOP_FAVICON_LINK}\n</head>`);
