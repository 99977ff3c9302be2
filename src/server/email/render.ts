// Email HTML from React elements. React escapes every text and attribute value it prints, so an
// email's markup needs no hand escaping: a name like `<script>` arrives as `&lt;script&gt;`.
//
// Rendered synchronously with react-dom's renderToStaticMarkup, the same React Email components
// render the same way React Email's own `render` does (which is async: it streams for Suspense);
// emails are built inside the transaction that causes them and their builders return strings
// (docs/decisions/024-email-components-wt-emails.md).
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * What React cannot print: Outlook's conditional comments. A component marks their place with an
 * empty element of one of these names (`<Outlook part="…" />`), replaced after rendering by
 * constant markup. Text from people cannot forge a marker: React escapes its `<`.
 */
const OUTLOOK = {
  head: '<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->',
  'open-600':
    '<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td><![endif]-->',
  'close-600': '<!--[if mso]></td></tr></table><![endif]-->',
} as const;

export type OutlookPart = keyof typeof OUTLOOK;

const MARKER = /<outlook-part data-part="([a-z0-9-]+)"><\/outlook-part>/g;

/**
 * React 19 adds `<link rel="preload" as="image">` to the head for each image, for browsers: mail
 * clients have no use for it (React Email's own render drops them too). React escapes `>` in
 * attribute values, so the tag ends at the first `>`.
 */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

/** The whole email document, from a root `<html>` element. */
export function renderEmail(element: ReactElement): string {
  const markup = renderToStaticMarkup(element)
    .replace(IMAGE_PRELOAD, '')
    .replace(MARKER, (_, part: string) => OUTLOOK[part as OutlookPart])
    // React writes ' as &#x27;; the shop has always sent &#39; (the same character, shorter in old clients).
    .replaceAll('&#x27;', '&#39;');
  return markup.startsWith('<!DOCTYPE') ? `${markup}\n` : `<!DOCTYPE html>\n${markup}\n`;
}
