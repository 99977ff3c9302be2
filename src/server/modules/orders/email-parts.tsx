// Pieces of the emails about an order (confirmation, shipped, return requested, refunded): headings,
// an order line with its thumbnail, a sum table and a button, in one look. React components: React
// escapes every value from the order.
import { Img } from '@react-email/img';
import { Fragment, type ReactNode } from 'react';
import { giftCardSentence } from '../../../contract/cart.js';
import { formatPrice } from '../../../domain/money.js';
import { isPlainImage, previewOf } from '../../../domain/pictures.js';
import type { Address, OrderLine } from '../../db/schema.js';
import { css } from '../../email/css.js';
import { safeHref, emailTheme as t, Table } from '../../email/layout.js';

export const Eyebrow = ({ children }: { children: ReactNode }) => (
  <p
    style={css(
      `margin:0 0 12px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.accent};`,
    )}
  >
    {children}
  </p>
);

export const Title = ({ children }: { children: ReactNode }) => (
  <h1
    style={css(
      `margin:0 0 16px;font-family:${t.serif};font-size:34px;line-height:40px;font-weight:normal;color:${t.charcoal};`,
    )}
  >
    {children}
  </h1>
);

export const SectionHeading = ({ children }: { children: ReactNode }) => (
  <h2
    style={css(
      `margin:0 0 14px;font-family:${t.serif};font-size:21px;line-height:28px;font-weight:normal;color:${t.charcoal};`,
    )}
  >
    {children}
  </h2>
);

export const Rule = () => (
  <Table width="100%">
    <tr>
      <td style={css(`border-top:1px solid ${t.line};font-size:0;line-height:0;height:1px;`)}>{'\u00a0'}</td>
    </tr>
  </Table>
);

export const Spacer = ({ px }: { px: number }) => (
  <div style={css(`height:${px}px;line-height:${px}px;font-size:0;`)}>{'\u00a0'}</div>
);

export const Paragraph = ({ children, muted = false }: { children: ReactNode; muted?: boolean }) => (
  <p style={css(`margin:0 0 18px;${muted ? `color:${t.inkSoft};` : ''}`)}>{children}</p>
);

/** A link in the body's text, in the accent colour. */
export const TextLink = ({ href, children, breakAll }: { href: string; children: ReactNode; breakAll?: boolean }) => (
  <a href={safeHref(href)} style={css(`color:${t.accent};${breakAll ? 'word-break:break-all;' : ''}`)}>
    {children}
  </a>
);

/** The support address as a mailto link. */
export const SupportLink = ({ email }: { email: string }) => <TextLink href={`mailto:${email}`}>{email}</TextLink>;

/** The shop's button: a link that looks like the storefront's primary button. `last` drops the space below it. */
export function Button({
  label,
  href,
  last,
  align,
  color = t.accent,
  padding = '14px 30px',
  margin,
}: {
  label: string;
  href: string;
  last?: boolean;
  align?: 'center';
  color?: string;
  padding?: string;
  margin?: string;
}) {
  return (
    <Table align={align} style={margin ?? `margin:6px 0 ${last ? 0 : 30}px;`}>
      <tr>
        <td bgcolor={color} style={css(`background-color:${color};`)}>
          <a
            href={safeHref(href)}
            style={css(
              `display:inline-block;padding:${padding};font-family:${t.sans};font-size:12px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:#ffffff;text-decoration:none;`,
            )}
          >
            {label}
          </a>
        </td>
      </tr>
    </Table>
  );
}

/** A sand-coloured box (instructions, help). */
export function Panel({ children, last }: { children: ReactNode; last?: boolean }) {
  return (
    <Table width="100%" bgcolor={t.sand} style={`background-color:${t.sand};${last ? '' : 'margin:0 0 30px;'}`}>
      <tr>
        <td style={css('padding:24px 28px;font-size:14px;line-height:22px;')}>{children}</td>
      </tr>
    </Table>
  );
}

/** The small capitals label over a value in a panel ('Tracking number', 'Your code'). */
export const PanelLabel = ({ children, margin = '0 0 6px' }: { children: ReactNode; margin?: string }) => (
  <p
    style={css(
      `margin:${margin};font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:${t.inkSoft};`,
    )}
  >
    {children}
  </p>
);

/** The small print under a code. */
export const Terms = ({ children }: { children: ReactNode }) => (
  <p style={css(`margin:0;font-size:13px;line-height:20px;color:${t.inkSoft};`)}>{children}</p>
);

/** Lines joined by line breaks (an address). */
export const Lines = ({ lines }: { lines: string[] }) =>
  lines.map((l, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, never reordered
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {l}
    </Fragment>
  ));

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
export function LineRow({ line, quantity, home }: { line: OrderLine; quantity: number; home: string }) {
  const thumb = thumbnailUrl(line.picture, home);
  const productUrl = line.giftCard
    ? `${home}/gift-card`
    : line.url
      ? `${home}/product/${encodeURIComponent(line.url)}`
      : home;
  const parts = [`Colour: ${line.color}`, `Size: ${line.size}`, `Qty: ${quantity}`];
  const cell = `border-bottom:1px solid ${t.line};`;
  return (
    <tr>
      <td width="72" valign="top" style={css(`padding:18px 0;${cell}`)}>
        {thumb ? (
          <a href={safeHref(productUrl)}>
            <Img
              src={safeHref(thumb)}
              width="72"
              height="108"
              alt={line.title}
              style={css(`display:block;width:72px;height:108px;object-fit:cover;background-color:${t.sand};border:0;`)}
            />
          </a>
        ) : (
          <div style={css(`width:72px;height:108px;background-color:${t.sand};`)}>{'\u00a0'}</div>
        )}
      </td>
      <td valign="top" style={css(`padding:18px 16px 18px 20px;${cell}`)}>
        <a
          href={safeHref(productUrl)}
          style={css(
            `font-family:${t.serif};font-size:19px;line-height:24px;color:${t.charcoal};text-decoration:none;text-transform:capitalize;`,
          )}
        >
          {line.title}
        </a>
        <p style={css(`margin:4px 0 8px;font-size:13px;line-height:20px;color:${t.inkSoft};`)}>{productLabel(line)}</p>
        <p style={css(`margin:0;font-size:12px;line-height:18px;letter-spacing:0.3px;color:${t.inkSoft};`)}>
          {/* A gift card's sentence wraps (kept on one line, it was wider than a 390 px phone). */}
          {line.giftCard
            ? giftCardSentence(line.giftCard)
            : parts.map((part, i) => (
                <Fragment key={part}>
                  {i > 0 ? '\u00a0 ' : null}
                  <span style={css('white-space:nowrap;')}>
                    {part}
                    {i < parts.length - 1 ? '\u00a0\u00a0·' : null}
                  </span>
                </Fragment>
              ))}
        </p>
      </td>
      <td
        valign="top"
        align="right"
        style={css(`padding:18px 0;${cell}font-size:15px;line-height:24px;white-space:nowrap;`)}
      >
        {formatPrice(line.unitPriceCents * quantity)}
        {quantity > 1 ? (
          <>
            <br />
            <span style={css(`font-size:12px;color:${t.inkSoft};`)}>{formatPrice(line.unitPriceCents)} each</span>
          </>
        ) : null}
      </td>
    </tr>
  );
}

/** Order lines under a rule, one row each. */
export const LinesTable = ({ lines, home }: { lines: { line: OrderLine; quantity: number }[]; home: string }) => (
  <>
    <Rule />
    <Table width="100%">
      {lines.map(({ line, quantity }, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their order; two may be the same item
        <LineRow key={i} line={line} quantity={quantity} home={home} />
      ))}
    </Table>
  </>
);

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
export function SumTable({ rows }: { rows: SumRow[] }) {
  return (
    <Table width="100%" style="margin:18px 0 36px;">
      {rows.map((row) => {
        const pad = row.strong ? 'padding:14px 0 0;' : 'padding:4px 0;';
        const border = row.strong ? `border-top:1px solid ${t.line};` : '';
        const font = row.strong
          ? `font-family:${t.serif};font-size:22px;line-height:28px;color:${t.charcoal};`
          : `font-size:14px;line-height:22px;color:${t.inkSoft};`;
        return [
          row.strong ? (
            <tr key={`${row.label}-gap`}>
              <td colSpan={2} style={css('height:10px;font-size:0;line-height:0;')}>
                {'\u00a0'}
              </td>
            </tr>
          ) : null,
          <tr key={row.label}>
            <td style={css(`${pad}${border}${font}`)}>{row.label}</td>
            <td align="right" style={css(`${pad}${border}${font}white-space:nowrap;`)}>
              {row.value}
            </td>
          </tr>,
        ];
      })}
    </Table>
  );
}

export function sumTableText(rows: SumRow[]): string[] {
  const width = Math.max(...rows.map((r) => r.label.length)) + 2;
  return rows.map((r) => `${`${r.label}:`.padEnd(width)} ${r.value}`);
}
