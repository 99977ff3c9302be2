// The shared shell of every email the shop sends: a table-based, inline-styled HTML document that
// renders the same in Gmail, Apple Mail and Outlook, plus its plain-text twin. The HTML is React, with
// React Email's Html, Head and Preview: every value in it is escaped by React, none by hand.
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { createElement, type ReactNode } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../contract/values/settings.js';
import { css } from './css.js';
import { type OutlookPart, renderEmail } from './render.js';

/** The shop's look in email (mirrors the storefront's design tokens in web/styles/global.css). */
export const emailTheme = {
  ivory: '#faf7f2',
  paper: '#fffdf9',
  sand: '#f3ece3',
  line: '#e6ddd1',
  charcoal: '#2b2523',
  inkSoft: '#6b615a',
  accent: '#7b2d3b',
  serif: "'Cormorant Garamond', 'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif",
  sans: "'Helvetica Neue', Helvetica, Arial, sans-serif",
} as const;
const t = emailTheme;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text to HTML text or attribute value (double- or single-quoted). Emails do not use it (React
 * escapes them); it stays for HTML built as a string elsewhere.
 */
export function escapeHtml(s: string | number | null | undefined): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Only http(s) and mailto links make it into an href; anything else becomes '#'. (React escapes it.) */
export function safeHref(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : '#';
}

/** What an email needs of the shop: its name, where its links point, whom to write to, where it is social. */
export type ShopContact = {
  /** The shop's name (settings): the logo, the sender's name, the subjects. */
  name: string;
  publicUrl: string;
  supportEmail: string;
  /** Each network's https address, '' or absent when the shop has none. */
  social?: Partial<Record<SocialNetwork, string>>;
  /** Issue 27: the signed /order-status address of an order (absent in tests that build a contact by hand). */
  orderStatusUrl?: (orderId: number) => string;
};

/**
 * The shop's contact as the settings say now (services.shopContact): read per email, before the
 * transaction that writes it (a read inside it would wait for the transaction on PGlite).
 */
export type ShopContactSource = () => Promise<ShopContact>;

/** The shop's wordmark as the emails print it: the name in capitals. */
export const wordmarkOf = (name: string) => name.toLocaleUpperCase('en-US');

const NETWORK_LABELS: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
};

/** The networks the shop has an address for, in a fixed order, with their labels. */
export function socialLinksOf(social: ShopContact['social']): { label: string; href: string }[] {
  return SOCIAL_NETWORKS.flatMap((n) => {
    const href = social?.[n]?.trim();
    return href && /^https:\/\//i.test(href) ? [{ label: NETWORK_LABELS[n], href }] : [];
  });
}

/** The shop's public address without a trailing slash, for building links. */
export function baseUrl(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** Where Outlook's conditional comments go (see render.ts). */
export const Outlook = ({ part }: { part: OutlookPart }) => createElement('outlook-part', { 'data-part': part });

/** A layout table: no spacing, no border, read by screen readers as no table at all. */
export function Table({
  children,
  width,
  align,
  bgcolor,
  style,
}: {
  children: ReactNode;
  width?: '100%';
  align?: 'center';
  bgcolor?: string;
  style?: string;
}) {
  return (
    <table
      role="presentation"
      width={width}
      cellPadding="0"
      cellSpacing="0"
      border={0}
      align={align}
      bgcolor={bgcolor}
      style={style ? css(style) : undefined}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A code the shopper types at checkout (welcome, referral, store credit), large but on one line: a
 * code broken over two lines on a phone gets copied wrong.
 */
export function CodeLine({ code }: { code: string }) {
  return (
    <p
      className="m-code"
      style={css(
        `margin:0 0 10px;font-family:${t.serif};font-size:26px;line-height:34px;letter-spacing:2px;white-space:nowrap;color:${t.charcoal};`,
      )}
    >
      <strong style={css('font-weight:600;')}>{code}</strong>
    </p>
  );
}

const HEAD_STYLE = `
  body { margin:0 !important; padding:0 !important; width:100% !important; }
  table, td { mso-table-lspace:0pt; mso-table-rspace:0pt; }
  img { border:0; outline:none; text-decoration:none; -ms-interpolation-mode:bicubic; }
  a[x-apple-data-detectors] { color:inherit !important; text-decoration:none !important; }
  @media only screen and (max-width:480px) {
    .m-pad { padding-left:24px !important; padding-right:24px !important; }
    .m-stack { display:block !important; width:100% !important; }
    /* A code stays on one line (copied whole) and fits a 390 px phone (issue 24 item 24). */
    .m-code { font-size:20px !important; line-height:28px !important; letter-spacing:1px !important; }
    .m-code-box { padding:22px 10px !important; }
  }
`;

const OFFICE_NAMESPACES = {
  xmlns: 'http://www.w3.org/1999/xhtml',
  'xmlns:v': 'urn:schemas-microsoft-com:vml',
  'xmlns:o': 'urn:schemas-microsoft-com:office:office',
};

export type EmailFrameProps = {
  /** The document title, and what the body's heading usually says. */
  title: string;
  /** The preview line inbox lists show next to the subject. */
  preheader: string;
  publicUrl: string;
  supportEmail: string;
  /** The shop's name (ShopContact.name): the wordmark at the top and in the footer. */
  shopName: string;
  /** The shop's social links (ShopContact.social): a line of them in the footer, none when empty. */
  social?: ShopContact['social'];
  /** Present on marketing emails: adds an 'Unsubscribe' link to the footer. */
  unsubscribeUrl?: string | undefined;
  /** The body. */
  children: ReactNode;
};

/** The email document: logo, the paper card holding the body, and the footer. */
export function EmailFrame({
  title,
  preheader,
  publicUrl,
  supportEmail,
  shopName,
  social,
  unsubscribeUrl,
  children,
}: EmailFrameProps) {
  const home = safeHref(baseUrl(publicUrl));
  const wordmark = wordmarkOf(shopName);
  const socialLinks = socialLinksOf(social);
  return (
    <Html lang="en" {...OFFICE_NAMESPACES}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta httpEquiv="X-UA-Compatible" content="IE=edge" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
        <Outlook part="head" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant CSS of this file, no outside text */}
        <style dangerouslySetInnerHTML={{ __html: HEAD_STYLE }} />
      </Head>
      <body
        style={css(
          `margin:0;padding:0;background-color:${t.ivory};color:${t.charcoal};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;`,
        )}
      >
        {/* Hidden, padded so clients don't pull body text into the inbox preview after it. */}
        <Preview
          style={css(
            'display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;',
          )}
        >
          {preheader}
        </Preview>
        <Table width="100%" bgcolor={t.ivory} style={`background-color:${t.ivory};`}>
          <tr>
            <td align="center" style={css('padding:0 12px;')}>
              <Outlook part="open-600" />
              <Table width="100%" style="max-width:600px;width:100%;">
                <tr>
                  <td align="center" style={css('padding:44px 24px 28px;')}>
                    <a
                      href={home}
                      style={css(
                        `font-family:${t.serif};font-size:30px;line-height:36px;letter-spacing:10px;color:${t.charcoal};text-decoration:none;font-weight:normal;mso-line-height-rule:exactly;`,
                      )}
                    >
                      {wordmark}
                    </a>
                  </td>
                </tr>
                <tr>
                  <td bgcolor={t.paper} style={css(`background-color:${t.paper};border:1px solid ${t.line};`)}>
                    <Table width="100%">
                      <tr>
                        <td
                          height="3"
                          bgcolor={t.accent}
                          style={css(`background-color:${t.accent};font-size:0;line-height:0;height:3px;`)}
                        >
                          {'\u00a0'}
                        </td>
                      </tr>
                      <tr>
                        <td
                          className="m-pad"
                          style={css(
                            `padding:44px 48px 48px;font-family:${t.sans};font-size:15px;line-height:24px;color:${t.charcoal};`,
                          )}
                        >
                          {children}
                        </td>
                      </tr>
                    </Table>
                  </td>
                </tr>
                <tr>
                  <td
                    align="center"
                    className="m-pad"
                    style={css(
                      `padding:32px 48px 48px;font-family:${t.sans};font-size:12px;line-height:20px;color:${t.inkSoft};`,
                    )}
                  >
                    <p style={css('margin:0 0 10px;')}>
                      Questions? Write to us at{' '}
                      <a
                        href={safeHref(`mailto:${supportEmail}`)}
                        style={css(`color:${t.accent};text-decoration:underline;`)}
                      >
                        {supportEmail}
                      </a>
                    </p>
                    {socialLinks.length > 0 ? (
                      <p style={css('margin:0 0 10px;')}>
                        {socialLinks.map((link, i) => (
                          <span key={link.label}>
                            {i > 0 ? ' \u00b7 ' : null}
                            <a href={safeHref(link.href)} style={css(`color:${t.inkSoft};text-decoration:underline;`)}>
                              {link.label}
                            </a>
                          </span>
                        ))}
                      </p>
                    ) : null}
                    <p
                      style={css(
                        `margin:0;font-family:${t.serif};font-size:13px;letter-spacing:4px;color:${t.charcoal};`,
                      )}
                    >
                      <a href={home} style={css(`color:${t.charcoal};text-decoration:none;`)}>
                        {wordmark}
                      </a>
                    </p>
                    {unsubscribeUrl ? (
                      <p style={css('margin:14px 0 0;')}>
                        <a href={safeHref(unsubscribeUrl)} style={css(`color:${t.inkSoft};text-decoration:underline;`)}>
                          Unsubscribe
                        </a>
                      </p>
                    ) : null}
                  </td>
                </tr>
              </Table>
              <Outlook part="close-600" />
            </td>
          </tr>
        </Table>
      </body>
    </Html>
  );
}

export type EmailLayoutInput = Omit<EmailFrameProps, 'children'> & {
  /** The body as HTML the caller made safe (e.g. sanitised markdown): it goes in as it is. */
  bodyHtml: string;
};

/** The frame around a body that is already HTML. Emails written as components use `EmailFrame`. */
export function emailLayout({ bodyHtml, ...frame }: EmailLayoutInput): string {
  return renderEmail(
    <EmailFrame {...frame}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the caller's HTML, made safe by the caller (see the type) */}
      <div dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </EmailFrame>,
  );
}

export type TextLayoutInput = {
  title: string;
  /** The body as plain text (no escaping: it is not HTML). */
  bodyText: string;
  publicUrl: string;
  supportEmail: string;
  shopName: string;
  social?: ShopContact['social'];
  unsubscribeUrl?: string | undefined;
};

/** The plain-text part: the same frame as `EmailFrame`, wrapped around `bodyText`. */
export function textLayout({
  title,
  bodyText,
  publicUrl,
  supportEmail,
  shopName,
  social,
  unsubscribeUrl,
}: TextLayoutInput): string {
  const lines = [
    [...wordmarkOf(shopName)].join(' '),
    '',
    title,
    '='.repeat(Math.min(Math.max(title.length, 3), 60)),
    '',
    bodyText.trim(),
    '',
    '---',
    `Questions? Write to us at ${supportEmail}`,
    ...socialLinksOf(social).map((link) => `${link.label}: ${link.href}`),
    baseUrl(publicUrl),
  ];
  if (unsubscribeUrl) lines.push('', `Unsubscribe: ${unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}
