// Pieces of the emails about an order (confirmation, shipped, return requested, refunded): headings,
// an order line with its thumbnail, a sum table and a button, in one look.
// Everything from the order is escaped here.
import { formatPrice } from '../../../domain/money.js';
import { isPlainImage, previewOf } from '../../../domain/pictures.js';
import { giftCardSentence } from '../../../contract/cart.js';
import type { Address, OrderLine } from '../../db/schema.js';
import { emailTheme as t, escapeHref, escapeHtml } from '../../email/layout.js';

export const eyebrow = (text: string) =>
  `<p style="margin:0 0 12px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.accent};">${escapeHtml(text)}</p>`;

export const title = (text: string) =>
  `<h1 style="margin:0 0 16px;font-family:${t.serif};font-size:34px;line-height:40px;font-weight:normal;color:${t.charcoal};">${escapeHtml(text)}</h1>`;

export const sectionHeading = (text: string) =>
  `<h2 style="margin:0 0 14px;font-family:${t.serif};font-size:21px;line-height:28px;font-weight:normal;color:${t.charcoal};">${escapeHtml(text)}</h2>`;

export const rule = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="border-top:1px solid ${t.line};font-size:0;line-height:0;height:1px;">&nbsp;</td></tr></table>`;

export const spacer = (px: number) => `<div style="height:${px}px;line-height:${px}px;font-size:0;">&nbsp;</div>`;

/** A paragraph of already-escaped HTML. */
export const paragraph = (html: string, muted = false) =>
  `<p style="margin:0 0 18px;${muted ? `color:${t.inkSoft};` : ''}">${html}</p>`;

/** The shop's button: a link that looks like the storefront's primary button. `last` drops the space below it. */
export function button(label: string, href: string, options: { last?: boolean } = {}): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:6px 0 ${options.last ? 0 : 30}px;"><tr>
  <td bgcolor="${t.accent}" style="background-color:${t.accent};">
    <a href="${escapeHref(href)}" style="display:inline-block;padding:14px 30px;font-family:${t.sans};font-size:12px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a>
  </td>
</tr></table>`;
}

/** A sand-coloured box (instructions, help), with already-escaped content. */
export function panel(html: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${t.sand}" style="background-color:${t.sand};margin:0 0 30px;">
<tr><td style="padding:24px 28px;font-size:14px;line-height:22px;">
${html}
</td></tr>
</table>`;
}

/** The product type's name as the shop shows it ('Bra + Brief Set'). */
export const productLabel = (line: Pick<OrderLine, 'productName' | 'productType'>) =>
  (line.productName || line.productType).trim();

/** As the storefront shows titles (the HTML part does it with text-transform). */
export const capitalise = (s: string) =>
  s.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());

export function addressLines(a: Address): string[] {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.address,
    a.address2 ?? '',
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
  ]
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A picture's preview as an absolute http(s) URL, or null (videos, other schemes). */
function thumbnailUrl(picture: string | null, home: string): string | null {
  if (!picture || !isPlainImage(picture)) return null;
  const preview = previewOf(picture);
  if (/^https?:\/\//i.test(preview)) return preview;
  if (/^[a-z][a-z0-9+.-]*:/i.test(preview) || preview.startsWith('//')) return null;
  return `${home}/${preview.replace(/^\/+/, '')}`;
}

/** One order line as a table row: thumbnail, title, product type, colour · size · qty, amount (and the unit price when more than one). */
export function lineRowHtml(line: OrderLine, quantity: number, home: string): string {
  const thumb = thumbnailUrl(line.picture, home);
  const productUrl = line.giftCard
    ? `${home}/gift-card`
    : line.url
      ? `${home}/product/${encodeURIComponent(line.url)}`
      : home;
  const image = thumb
    ? `<a href="${escapeHref(productUrl)}"><img src="${escapeHref(thumb)}" width="72" height="108" alt="${escapeHtml(line.title)}" style="display:block;width:72px;height:108px;object-fit:cover;background-color:${t.sand};border:0;"></a>`
    : `<div style="width:72px;height:108px;background-color:${t.sand};">&nbsp;</div>`;
  const parts = line.giftCard
    ? [escapeHtml(giftCardSentence(line.giftCard))]
    : [`Colour: ${escapeHtml(line.color)}`, `Size: ${escapeHtml(line.size)}`, `Qty: ${escapeHtml(quantity)}`];
  const meta = parts
    .map(
      (part, i, all) => `<span style="white-space:nowrap;">${part}${i < all.length - 1 ? '&nbsp;&nbsp;·' : ''}</span>`,
    )
    .join('&nbsp; ');
  const each =
    quantity > 1
      ? `<br><span style="font-size:12px;color:${t.inkSoft};">${escapeHtml(formatPrice(line.unitPriceCents))} each</span>`
      : '';
  return `<tr>
  <td width="72" valign="top" style="padding:18px 0;border-bottom:1px solid ${t.line};">${image}</td>
  <td valign="top" style="padding:18px 16px 18px 20px;border-bottom:1px solid ${t.line};">
    <a href="${escapeHref(productUrl)}" style="font-family:${t.serif};font-size:19px;line-height:24px;color:${t.charcoal};text-decoration:none;text-transform:capitalize;">${escapeHtml(line.title)}</a>
    <p style="margin:4px 0 8px;font-size:13px;line-height:20px;color:${t.inkSoft};">${escapeHtml(productLabel(line))}</p>
    <p style="margin:0;font-size:12px;line-height:18px;letter-spacing:0.3px;color:${t.inkSoft};">${meta}</p>
  </td>
  <td valign="top" align="right" style="padding:18px 0;border-bottom:1px solid ${t.line};font-size:15px;line-height:24px;white-space:nowrap;">${escapeHtml(formatPrice(line.unitPriceCents * quantity))}${each}</td>
</tr>`;
}

export const linesTable = (rows: string) =>
  `${rule}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${rows}
</table>`;

/** One order line as plain text. */
export function lineText(line: OrderLine, quantity: number): string[] {
  const each = quantity > 1 ? ` (${formatPrice(line.unitPriceCents)} each)` : '';
  if (line.giftCard)
    return [`${capitalise(line.title)} — ${formatPrice(line.unitPriceCents)}`, `  ${giftCardSentence(line.giftCard)}`];
  return [
    `${capitalise(line.title)} — ${formatPrice(line.unitPriceCents * quantity)}`,
    `  ${productLabel(line)}`,
    `  Colour: ${line.color} · Size: ${line.size} · Qty: ${quantity}${each}`,
  ];
}

export type SumRow = { label: string; value: string; strong?: boolean };

/** Label / amount rows; the strong one is the total, set apart by a rule. */
export function sumTableHtml(rows: SumRow[]): string {
  const body = rows
    .map((row) => {
      const pad = row.strong ? 'padding:14px 0 0;' : 'padding:4px 0;';
      const border = row.strong ? `border-top:1px solid ${t.line};` : '';
      const font = row.strong
        ? `font-family:${t.serif};font-size:22px;line-height:28px;color:${t.charcoal};`
        : `font-size:14px;line-height:22px;color:${t.inkSoft};`;
      const gap = row.strong
        ? `<tr><td colspan="2" style="height:10px;font-size:0;line-height:0;">&nbsp;</td></tr>\n`
        : '';
      return `${gap}<tr>
  <td style="${pad}${border}${font}">${escapeHtml(row.label)}</td>
  <td align="right" style="${pad}${border}${font}white-space:nowrap;">${escapeHtml(row.value)}</td>
</tr>`;
    })
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:18px 0 36px;">
${body}
</table>`;
}

export function sumTableText(rows: SumRow[]): string[] {
  const width = Math.max(...rows.map((r) => r.label.length)) + 2;
  return rows.map((r) => `${(r.label + ':').padEnd(width)} ${r.value}`);
}
