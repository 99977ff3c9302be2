// A newsletter as an email: the owner's markdown rendered safely (src/domain/markdown.ts, the one HTML
// that goes into an email as HTML) in the shop's email layout, with each subscriber's own unsubscribe link. Rendered once per newsletter; only the
// subscriber's id differs between copies.
import { markdownPlainText, markdownText, renderMarkdown } from '../../../domain/markdown.js';
import { baseUrl, EmailFrame, emailTheme as t, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import { Title } from '../orders/email-parts.js';

export type NewsletterContent = { subject: string; emailContent: string };
export type NewsletterEmail = { subject: string; html: string; text: string; listUnsubscribe?: string };

const SUBSCRIBER = '__subscriber_id__';

/** Inline styles for the elements markdown produces (email clients ignore style sheets). */
function styleMarkdown(html: string): string {
  const p = `margin:0 0 16px;font-family:${t.sans};font-size:15px;line-height:1.65;color:${t.charcoal};`;
  const h = `margin:24px 0 12px;font-family:${t.serif};font-weight:400;color:${t.charcoal};`;
  return (
    html
      .replace(/<p>/g, `<p style="${p}">`)
      // One level down, deepest first (the subject is the letter's h1).
      .replace(/<(\/?)h3>/g, (_m, close: string) => (close ? '</h4>' : `<h4 style="${h}font-size:18px;">`))
      .replace(/<(\/?)h2>/g, (_m, close: string) => (close ? '</h3>' : `<h3 style="${h}font-size:21px;">`))
      .replace(/<(\/?)h1>/g, (_m, close: string) => (close ? '</h2>' : `<h2 style="${h}font-size:26px;">`))
      .replace(/<(ul|ol)>/g, `<$1 style="${p}padding-left:22px;">`)
      .replace(/<a href=/g, `<a style="color:${t.accent};text-decoration:underline;" href=`)
      .replace(/<img /g, '<img style="max-width:100%;height:auto;" ')
  );
}

/** Returns a function that gives the email for one subscriber (or for a test address, without one). */
export function newsletterEmail(
  content: NewsletterContent,
  shop: ShopContact,
): (subscriberId?: string) => NewsletterEmail {
  const base = baseUrl(shop.publicUrl);
  const unsubscribeUrl = `${base}/unsubscribe/${SUBSCRIBER}`;
  // Read in a mail client, away from the shop: the owner's paths (/collections, /uploads/…) get the shop's address.
  // The subject heads the letter as it heads every email of the shop; the owner's own headings sit below it.
  const letter = styleMarkdown(renderMarkdown(content.emailContent, { baseUrl: base }));
  const html = renderEmail(
    <EmailFrame
      title={content.subject}
      preheader={markdownText(content.emailContent).slice(0, 110)}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Title>{content.subject}</Title>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown's output is sanitised (domain/markdown.ts) */}
      <div dangerouslySetInnerHTML={{ __html: letter }} />
    </EmailFrame>,
  );
  const text = textLayout({
    title: content.subject,
    // Read as text: the owner's words without markdown's marks, links as 'text (address)'.
    bodyText: markdownPlainText(content.emailContent, { baseUrl: base }),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    shopName: shop.name,
    social: shop.social,
    unsubscribeUrl,
  });
  return (subscriberId) => {
    // A test copy has no subscriber: its link goes to the unsubscribe page with an id that matches no one.
    const id = subscriberId ?? 'test';
    return {
      subject: content.subject,
      html: html.replaceAll(SUBSCRIBER, id),
      text: text.replaceAll(SUBSCRIBER, id),
      // One click in the mailbox's own Unsubscribe button (POST /unsubscribe/:id, RFC 8058).
      ...(subscriberId ? { listUnsubscribe: `${base}/unsubscribe/${subscriberId}` } : {}),
    };
  };
}
