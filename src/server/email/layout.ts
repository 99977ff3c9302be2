// The shared shell of every email the shop sends: a table-based, inline-styled HTML document that
// renders the same in Gmail, Apple Mail and Outlook, plus its plain-text twin. Callers pass their
// body already rendered (and escaped); everything this file prints itself is escaped here.

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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text to HTML text or attribute value (double- or single-quoted). */
export function escapeHtml(s: string | number | null | undefined): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * A code the shopper types at checkout (welcome, referral, store credit), large but on one line: a
 * code broken over two lines on a phone gets copied wrong.
 */
export function codeLine(code: string): string {
  return `<p class="m-code" style="margin:0 0 10px;font-family:${emailTheme.serif};font-size:26px;line-height:34px;letter-spacing:2px;white-space:nowrap;color:${emailTheme.charcoal};"><strong style="font-weight:600;">${escapeHtml(code)}</strong></p>`;
}

/** Only http(s) and mailto links make it into an href; anything else becomes '#'. Returns it escaped. */
export function escapeHref(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? escapeHtml(url.trim()) : '#';
}

/** What an email needs of the shop: where its links point and whom to write to. */
export type ShopContact = { publicUrl: string; supportEmail: string };

/** The shop's public address without a trailing slash, for building links. */
export function baseUrl(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

export type EmailLayoutInput = {
  /** The document title, and what the body's heading usually says. */
  title: string;
  /** The preview line inbox lists show next to the subject. */
  preheader: string;
  /** The body, already HTML (escape every dynamic value in it). */
  bodyHtml: string;
  publicUrl: string;
  supportEmail: string;
  /** Present on marketing emails: adds an 'Unsubscribe' link to the footer. */
  unsubscribeUrl?: string;
};

export function emailLayout({
  title,
  preheader,
  bodyHtml,
  publicUrl,
  supportEmail,
  unsubscribeUrl,
}: EmailLayoutInput): string {
  const t = emailTheme;
  const home = escapeHref(baseUrl(publicUrl));
  const support = escapeHtml(supportEmail);
  const supportHref = escapeHref(`mailto:${supportEmail}`);
  const link = `color:${t.accent};text-decoration:underline;`;
  const unsubscribe = unsubscribeUrl
    ? `<p style="margin:14px 0 0;"><a href="${escapeHref(unsubscribeUrl)}" style="color:${t.inkSoft};text-decoration:underline;">Unsubscribe</a></p>`
    : '';
  // Pads the preheader so clients don't pull body text into the inbox preview after it.
  const previewPad = '&#847;&zwnj;&nbsp;'.repeat(40);

  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(title)}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
<style>
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
</style>
</head>
<body style="margin:0;padding:0;background-color:${t.ivory};color:${t.charcoal};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}${previewPad}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${t.ivory}" style="background-color:${t.ivory};">
<tr><td align="center" style="padding:0 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;">
  <tr>
    <td align="center" style="padding:44px 24px 28px;">
      <a href="${home}" style="font-family:${t.serif};font-size:30px;line-height:36px;letter-spacing:10px;color:${t.charcoal};text-decoration:none;font-weight:normal;mso-line-height-rule:exactly;">MURASHKI</a>
    </td>
  </tr>
  <tr>
    <td bgcolor="${t.paper}" style="background-color:${t.paper};border:1px solid ${t.line};">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
        <tr><td height="3" bgcolor="${t.accent}" style="background-color:${t.accent};font-size:0;line-height:0;height:3px;">&nbsp;</td></tr>
        <tr>
          <td class="m-pad" style="padding:44px 48px 48px;font-family:${t.sans};font-size:15px;line-height:24px;color:${t.charcoal};">
${bodyHtml}
          </td>
        </tr>
      </table>
    </td>
  </tr>
  <tr>
    <td align="center" class="m-pad" style="padding:32px 48px 48px;font-family:${t.sans};font-size:12px;line-height:20px;color:${t.inkSoft};">
      <p style="margin:0 0 10px;">Questions? Write to us at <a href="${supportHref}" style="${link}">${support}</a></p>
      <p style="margin:0;font-family:${t.serif};font-size:13px;letter-spacing:4px;color:${t.charcoal};">
        <a href="${home}" style="color:${t.charcoal};text-decoration:none;">MURASHKI</a>
      </p>
      ${unsubscribe}
    </td>
  </tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}

export type TextLayoutInput = {
  title: string;
  /** The body as plain text (no escaping: it is not HTML). */
  bodyText: string;
  publicUrl: string;
  supportEmail: string;
  unsubscribeUrl?: string;
};

/** The plain-text part: the same frame as `emailLayout`, wrapped around `bodyText`. */
export function textLayout({ title, bodyText, publicUrl, supportEmail, unsubscribeUrl }: TextLayoutInput): string {
  const lines = [
    'M U R A S H K I',
    '',
    title,
    '='.repeat(Math.min(Math.max(title.length, 3), 60)),
    '',
    bodyText.trim(),
    '',
    '---',
    `Questions? Write to us at ${supportEmail}`,
    baseUrl(publicUrl),
  ];
  if (unsubscribeUrl) lines.push('', `Unsubscribe: ${unsubscribeUrl}`);
  return lines.join('\n') + '\n';
}
