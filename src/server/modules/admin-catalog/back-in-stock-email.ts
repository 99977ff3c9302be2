// The back-in-stock notice (issue 6): the piece's picture, what came back (product, colour, size,
// price), a link to its page and the unsubscribe link. Every value is escaped: titles and names are
// typed by people.
import { formatPrice } from '../../../domain/money.js';
import { isPlainImage, previewOf } from '../../../domain/pictures.js';
import {
  baseUrl,
  emailLayout,
  emailTheme as t,
  escapeHref,
  escapeHtml,
  textLayout,
  type ShopContact,
} from '../../email/layout.js';

export type BackInStockPiece = {
  title: string;
  url: string;
  productName: string;
  color: string;
  size: string;
  priceCents: number;
  /** The colour's picture or the item's first one; null when it has none. */
  picture: string | null;
};

/** A picture as an absolute http(s) URL the mail client can load (the -preview.jpg of a .jpg), or null. */
export function emailPictureUrl(picture: string | null, home: string): string | null {
  if (!picture) return null;
  const shown = isPlainImage(picture) ? previewOf(picture) : picture;
  if (/^https?:\/\//i.test(shown)) return shown;
  if (!shown.startsWith('/') || shown.startsWith('//')) return null;
  // A video cannot be shown in an email.
  if (/\.(mp4|mov|webm|m4v)$/i.test(shown)) return null;
  return `${home}${shown}`;
}

export function backInStockEmail(piece: BackInStockPiece, subscriptionId: string, shop: ShopContact) {
  const home = baseUrl(shop.publicUrl);
  const productUrl = `${home}/product/${encodeURIComponent(piece.url)}`;
  const unsubscribeUrl = `${home}/unsubscribe/${subscriptionId}`;
  const subject = `Back in stock: ${piece.title}`;
  const price = formatPrice(piece.priceCents);
  const picture = emailPictureUrl(piece.picture, home);
  const details = [piece.productName, `Colour: ${piece.color}`, `Size: ${piece.size}`];

  const image = picture
    ? `<a href="${escapeHref(productUrl)}"><img src="${escapeHref(picture)}" width="240" alt="${escapeHtml(piece.title)}" style="display:block;width:240px;max-width:100%;height:auto;margin:0 auto 28px;background-color:${t.sand};border:0;"></a>`
    : '';
  const bodyHtml = `<p style="margin:0 0 12px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.accent};">Back in stock</p>
<h1 style="margin:0 0 16px;font-family:${t.serif};font-size:32px;line-height:38px;font-weight:normal;color:${t.charcoal};text-transform:capitalize;">${escapeHtml(piece.title)}</h1>
<p style="margin:0 0 28px;">Good news: the piece you asked us about is available again, in your size. Pieces that come back tend to go quickly.</p>
${image}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 30px;border-top:1px solid ${t.line};border-bottom:1px solid ${t.line};">
<tr>
  <td style="padding:16px 0;font-size:14px;line-height:22px;color:${t.inkSoft};">${details.map(escapeHtml).join('<br>')}</td>
  <td align="right" valign="top" style="padding:16px 0;font-family:${t.serif};font-size:22px;line-height:28px;color:${t.charcoal};white-space:nowrap;">${escapeHtml(price)}</td>
</tr>
</table>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center"><tr>
  <td bgcolor="${t.accent}" style="background-color:${t.accent};">
    <a href="${escapeHref(productUrl)}" style="display:inline-block;padding:14px 30px;font-family:${t.sans};font-size:12px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:#ffffff;text-decoration:none;">Shop now</a>
  </td>
</tr></table>
<p style="margin:30px 0 0;font-size:12px;line-height:18px;color:${t.inkSoft};">You are receiving this because you asked to be told when this size is back. <a href="${escapeHref(unsubscribeUrl)}" style="color:${t.inkSoft};text-decoration:underline;">Unsubscribe</a></p>`;

  const html = emailLayout({
    title: subject,
    preheader: `${piece.title} in ${piece.color}, size ${piece.size}, is available again.`,
    bodyHtml,
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    unsubscribeUrl,
  });
  const text = textLayout({
    title: `Back in stock: ${piece.title}`,
    bodyText: [
      'Good news: the piece you asked us about is available again, in your size.',
      '',
      `${piece.title} — ${price}`,
      ...details.map((d) => `  ${d}`),
      '',
      `Shop now: ${productUrl}`,
      '',
      'You are receiving this because you asked to be told when this size is back.',
    ].join('\n'),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    unsubscribeUrl,
  });
  return { subject, html, text };
}
