// The marketing emails: the newsletter welcome (with its 15%-off code), the welcome back of a
// returning subscriber, a friend's $20 gift card and the sender's $20 thank-you. Each is a
// marketing email, so each carries the recipient's unsubscribe link. Every dynamic value is escaped.
import {
  baseUrl,
  codeLine,
  emailLayout,
  emailTheme as t,
  escapeHref,
  escapeHtml,
  textLayout,
  type ShopContact,
} from '../../email/layout.js';

export type Email = { subject: string; html: string; text: string };

/** The subscriber's unsubscribe page (spec §2 /unsubscribe/{userId}). */
export const unsubscribeUrl = (shop: ShopContact, subscriberId: string) =>
  `${baseUrl(shop.publicUrl)}/unsubscribe/${subscriberId}`;

// ---------- pieces ----------

const eyebrow = (text: string) =>
  `<p style="margin:0 0 12px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.accent};">${escapeHtml(text)}</p>`;

const heading = (text: string) =>
  `<h1 style="margin:0 0 18px;font-family:${t.serif};font-size:34px;line-height:40px;font-weight:normal;color:${t.charcoal};">${escapeHtml(text)}</h1>`;

const paragraph = (html: string, last = false) => `<p style="margin:0 0 ${last ? 0 : 18}px;">${html}</p>`;

/** The code, large and easy to copy, with a line on how it can be used. */
const codeBlock = (
  label: string,
  code: string,
  terms: string,
) => `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:10px 0 30px;">
<tr><td class="m-code-box" align="center" bgcolor="${t.sand}" style="background-color:${t.sand};padding:28px 20px;border:1px dashed ${t.accent};">
  <p style="margin:0 0 8px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.inkSoft};">${escapeHtml(label)}</p>
  ${codeLine(code)}
  <p style="margin:0;font-size:13px;line-height:20px;color:${t.inkSoft};">${escapeHtml(terms)}</p>
</td></tr>
</table>`;

const button = (
  label: string,
  url: string,
) => `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center"><tr>
  <td bgcolor="${t.charcoal}" style="background-color:${t.charcoal};">
    <a href="${escapeHref(url)}" style="display:inline-block;padding:14px 34px;font-family:${t.sans};font-size:12px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a>
  </td>
</tr></table>`;

type Parts = {
  subject: string;
  preheader: string;
  title: string;
  bodyHtml: string;
  bodyText: string;
};

function render(shop: ShopContact, subscriberId: string, parts: Parts): Email {
  const unsubscribe = unsubscribeUrl(shop, subscriberId);
  const frame = { publicUrl: shop.publicUrl, supportEmail: shop.supportEmail, unsubscribeUrl: unsubscribe };
  return {
    subject: parts.subject,
    html: emailLayout({ ...frame, title: parts.subject, preheader: parts.preheader, bodyHtml: parts.bodyHtml }),
    text: textLayout({ ...frame, title: parts.title, bodyText: parts.bodyText }),
  };
}

const shopUrl = (shop: ShopContact) => `${baseUrl(shop.publicUrl)}/collections`;

// ---------- the emails ----------

export const WELCOME_TERMS = '15% off your first order. One use, with this email address at checkout.';

/** The newsletter's welcome: the subscriber's own 15%-off code for a first order. */
export function welcomeEmail(shop: ShopContact, subscriberId: string, code: string): Email {
  const title = 'Welcome to the Murashki list';
  return render(shop, subscriberId, {
    subject: 'Welcome to Murashki: 15% off your first order',
    preheader: `Your code ${code} takes 15% off your first order.`,
    title,
    bodyHtml: `${eyebrow('Welcome')}
${heading(title)}
${paragraph('Thank you for joining us. You will be the first to hear about new arrivals, restocks and the occasional private sale, about twice a month.')}
${paragraph('As a welcome, here is 15% off your first order. Enter the code in the <em>Gift Card or Promo</em> box at checkout.')}
${codeBlock('Your code', code, WELCOME_TERMS)}
${button('Shop the collection', shopUrl(shop))}`,
    bodyText: [
      'Thank you for joining us. You will be the first to hear about new arrivals, restocks and the occasional private sale, about twice a month.',
      '',
      'As a welcome, here is 15% off your first order. Enter the code in the "Gift Card or Promo" box at checkout.',
      '',
      `YOUR CODE: ${code}`,
      WELCOME_TERMS,
      '',
      `Shop the collection: ${shopUrl(shop)}`,
    ].join('\n'),
  });
}

/** The welcome of a new subscriber who has ordered before: no first-order code, and it says why. */
export function welcomeOrderedBeforeEmail(shop: ShopContact, subscriberId: string): Email {
  const title = 'Welcome to the Murashki list';
  const why =
    'Our welcome discount is for a first order, and you have already ordered with us, so this email carries no code. Thank you for coming back.';
  return render(shop, subscriberId, {
    subject: 'Welcome to the Murashki list',
    preheader: 'You are on the Murashki list: new arrivals, restocks and private sales.',
    title,
    bodyHtml: `${eyebrow('Welcome')}
${heading(title)}
${paragraph('Thank you for joining us. You will be the first to hear about new arrivals, restocks and the occasional private sale, about twice a month.')}
${paragraph(escapeHtml(why))}
${button('Shop the collection', shopUrl(shop))}`,
    bodyText: [
      'Thank you for joining us. You will be the first to hear about new arrivals, restocks and the occasional private sale, about twice a month.',
      '',
      why,
      '',
      `Shop the collection: ${shopUrl(shop)}`,
    ].join('\n'),
  });
}

/**
 * A returning subscriber (who had unsubscribed) signs up again: welcome back, and no second code.
 * `unusedCode` is their first code while it can still be used, to remind them of it.
 */
export function welcomeBackEmail(shop: ShopContact, subscriberId: string, unusedCode: string | null): Email {
  const title = 'Welcome back';
  const reminderHtml = unusedCode
    ? `${paragraph('Your welcome code is still waiting for your first order:')}
${codeBlock('Your code', unusedCode, WELCOME_TERMS)}`
    : paragraph('The welcome discount was one per email address, so there is no new code.');
  const noCode = 'The welcome discount was one per email address, so there is no new code.';
  const reminderText = unusedCode
    ? ['', 'Your welcome code is still waiting for your first order:', `YOUR CODE: ${unusedCode}`, WELCOME_TERMS]
    : ['', noCode];
  return render(shop, subscriberId, {
    subject: 'Welcome back to Murashki',
    preheader: 'You are back on the Murashki list.',
    title,
    bodyHtml: `${eyebrow('Murashki list')}
${heading(title)}
${paragraph('You are on our list again: new arrivals, restocks and the occasional private sale, about twice a month.')}
${reminderHtml}
${button('Shop the collection', shopUrl(shop))}`,
    bodyText: [
      'You are on our list again: new arrivals, restocks and the occasional private sale, about twice a month.',
      ...reminderText,
      '',
      `Shop the collection: ${shopUrl(shop)}`,
    ].join('\n'),
  });
}

export const GIFT_TERMS = '$20 off your next order. One use, with this email address at checkout.';

/** Give $20: the friend's gift card, naming who sent it. */
export function referralGiftEmail(shop: ShopContact, subscriberId: string, code: string, senderEmail: string): Email {
  const title = 'A $20 gift card for you';
  return render(shop, subscriberId, {
    subject: 'A friend sent you $20 for your next set',
    preheader: `${senderEmail} sent you a $20 Murashki gift card.`,
    title,
    bodyHtml: `${eyebrow('A gift from a friend')}
${heading(title)}
${paragraph(`Your friend <strong style="font-weight:600;">${escapeHtml(senderEmail)}</strong> thinks you will love Murashki: silk, lace and soft things made in small batches. They sent you $20 towards your next set.`)}
${codeBlock('Your gift card', code, GIFT_TERMS)}
${button('Find your set', shopUrl(shop))}
<p style="margin:26px 0 0;font-size:12px;line-height:19px;color:${t.inkSoft};">You are receiving this one email because a friend entered your address. We will not write again unless you sign up.</p>`,
    bodyText: [
      `Your friend ${senderEmail} thinks you will love Murashki: silk, lace and soft things made in small batches. They sent you $20 towards your next set.`,
      '',
      `YOUR GIFT CARD: ${code}`,
      GIFT_TERMS,
      '',
      `Find your set: ${shopUrl(shop)}`,
      '',
      'You are receiving this one email because a friend entered your address. We will not write again unless you sign up.',
    ].join('\n'),
  });
}

export const REWARD_TERMS = '$20 off your next order. One use, with this email address at checkout.';

/** Get $20: the sender's thank-you once the friend completed an order with their gift card. */
export function referralRewardEmail(shop: ShopContact, subscriberId: string, code: string): Email {
  const title = 'Your friend said yes';
  return render(shop, subscriberId, {
    subject: 'Thank you: $20 for your next set',
    preheader: `A friend you invited placed their order. Here is your $20: ${code}.`,
    title,
    bodyHtml: `${eyebrow('Give $20, get $20')}
${heading(title)}
${paragraph('A friend you sent a Murashki gift card to has just placed their order. Thank you for spreading the word: here is $20 towards your next set.')}
${codeBlock('Your $20 code', code, REWARD_TERMS)}
${button('Treat yourself', shopUrl(shop))}`,
    bodyText: [
      'A friend you sent a Murashki gift card to has just placed their order. Thank you for spreading the word: here is $20 towards your next set.',
      '',
      `YOUR $20 CODE: ${code}`,
      REWARD_TERMS,
      '',
      `Treat yourself: ${shopUrl(shop)}`,
    ].join('\n'),
  });
}
