// The back-in-stock notice (issue 6): the piece's picture, what came back (product, colour, size,
// price), a link to its page and the unsubscribe link. Every value is escaped by React: titles and
// names are typed by people.
import { Img } from '@react-email/img';
import { formatPrice } from '../../../domain/money.js';
import { isPlainImage, previewOf } from '../../../domain/pictures.js';
import { css } from '../../email/css.js';
import {
  baseUrl,
  EmailFrame,
  emailTheme as t,
  safeHref,
  Table,
  textLayout,
  type ShopContact,
} from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import { Button, Lines } from '../orders/email-parts.js';

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

  const html = renderEmail(
    <EmailFrame
      title={subject}
      preheader={`${piece.title} in ${piece.color}, size ${piece.size}, is available again.`}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
      unsubscribeUrl={unsubscribeUrl}
    >
      <p
        style={css(
          `margin:0 0 12px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.accent};`,
        )}
      >
        Back in stock
      </p>
      <h1
        style={css(
          `margin:0 0 16px;font-family:${t.serif};font-size:32px;line-height:38px;font-weight:normal;color:${t.charcoal};text-transform:capitalize;`,
        )}
      >
        {piece.title}
      </h1>
      <p style={css('margin:0 0 28px;')}>
        Good news: the piece you asked us about is available again, in your size. Pieces that come back tend to go
        quickly.
      </p>
      {picture ? (
        <a href={safeHref(productUrl)}>
          <Img
            src={safeHref(picture)}
            width="240"
            alt={piece.title}
            style={css(
              `display:block;width:240px;max-width:100%;height:auto;margin:0 auto 28px;background-color:${t.sand};border:0;`,
            )}
          />
        </a>
      ) : null}
      <Table width="100%" style={`margin:0 0 30px;border-top:1px solid ${t.line};border-bottom:1px solid ${t.line};`}>
        <tr>
          <td style={css(`padding:16px 0;font-size:14px;line-height:22px;color:${t.inkSoft};`)}>
            <Lines lines={details} />
          </td>
          <td
            align="right"
            valign="top"
            style={css(
              `padding:16px 0;font-family:${t.serif};font-size:22px;line-height:28px;color:${t.charcoal};white-space:nowrap;`,
            )}
          >
            {price}
          </td>
        </tr>
      </Table>
      <Button label="Shop now" href={productUrl} align="center" margin="" />
      <p style={css(`margin:30px 0 0;font-size:12px;line-height:18px;color:${t.inkSoft};`)}>
        You are receiving this because you asked to be told when this size is back.{' '}
        <a href={safeHref(unsubscribeUrl)} style={css(`color:${t.inkSoft};text-decoration:underline;`)}>
          Unsubscribe
        </a>
      </p>
    </EmailFrame>,
  );
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
    shopName: shop.name,
    social: shop.social,
    unsubscribeUrl,
  });
  return { subject, html, text };
}
