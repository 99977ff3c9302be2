// The marketing emails: the newsletter welcome (with its first-order code), the welcome back of a
// returning subscriber, a friend's gift card and the sender's thank-you. Each is a marketing email,
// so each carries the recipient's unsubscribe link. React escapes every dynamic value. The shop's
// name and the amounts come from the settings (issue 26); the defaults give spec §9's 15% and $20.
import type { ReactNode } from 'react';
import { DEFAULT_SETTINGS } from '../../../contract/values/settings.js';
import { dollarsText } from '../../../contract/values/shop-info.js';
import { css } from '../../email/css.js';
import {
  baseUrl,
  CodeLine,
  EmailFrame,
  emailTheme as t,
  Table,
  textLayout,
  type ShopContact,
} from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import { Button, Eyebrow, Paragraph, Terms } from '../orders/email-parts.js';

export type Email = { subject: string; html: string; text: string };

/** The subscriber's unsubscribe page (spec §2 /unsubscribe/{userId}). */
export const unsubscribeUrl = (shop: ShopContact, subscriberId: string) =>
  `${baseUrl(shop.publicUrl)}/unsubscribe/${subscriberId}`;

// ---------- pieces ----------

const Heading = ({ children }: { children: ReactNode }) => (
  <h1
    style={css(
      `margin:0 0 18px;font-family:${t.serif};font-size:34px;line-height:40px;font-weight:normal;color:${t.charcoal};`,
    )}
  >
    {children}
  </h1>
);

/** The code, large and easy to copy, with a line on how it can be used. */
const CodeBlock = ({ label, code, terms }: { label: string; code: string; terms: string }) => (
  <Table width="100%" style="margin:10px 0 30px;">
    <tr>
      <td
        className="m-code-box"
        align="center"
        bgcolor={t.sand}
        style={css(`background-color:${t.sand};padding:28px 20px;border:1px dashed ${t.accent};`)}
      >
        <p
          style={css(
            `margin:0 0 8px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.inkSoft};`,
          )}
        >
          {label}
        </p>
        <CodeLine code={code} />
        <Terms>{terms}</Terms>
      </td>
    </tr>
  </Table>
);

/** The marketing emails' call to action: dark, centred. */
const ShopButton = ({ label, url }: { label: string; url: string }) => (
  <Button label={label} href={url} align="center" color={t.charcoal} padding="14px 34px" margin="" />
);

type Parts = {
  subject: string;
  preheader: string;
  title: string;
  body: ReactNode;
  bodyText: string;
};

function render(shop: ShopContact, subscriberId: string, parts: Parts): Email {
  const unsubscribe = unsubscribeUrl(shop, subscriberId);
  const frame = {
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    shopName: shop.name,
    social: shop.social,
    unsubscribeUrl: unsubscribe,
  };
  return {
    subject: parts.subject,
    html: renderEmail(
      <EmailFrame {...frame} title={parts.subject} preheader={parts.preheader}>
        {parts.body}
      </EmailFrame>,
    ),
    text: textLayout({ ...frame, title: parts.title, bodyText: parts.bodyText }),
  };
}

const JOINED =
  'Thank you for joining us. You will be the first to hear about new arrivals, restocks and the occasional private sale, about twice a month.';

const shopUrl = (shop: ShopContact) => `${baseUrl(shop.publicUrl)}/collections`;

// ---------- the emails ----------

const DEFAULTS = DEFAULT_SETTINGS.marketing;

export const welcomeTerms = (percent: number) =>
  `${percent}% off your first order. One use, with this email address at checkout.`;

/** The newsletter's welcome: the subscriber's own code for a first order (`percent` off). */
export function welcomeEmail(
  shop: ShopContact,
  subscriberId: string,
  code: string,
  percent: number = DEFAULTS.newsletterDiscountPercent,
): Email {
  const title = `Welcome to the ${shop.name} list`;
  const WELCOME_TERMS = welcomeTerms(percent);
  return render(shop, subscriberId, {
    subject: `Welcome to ${shop.name}: ${percent}% off your first order`,
    preheader: `Your code ${code} takes ${percent}% off your first order.`,
    title,
    body: (
      <>
        <Eyebrow>Welcome</Eyebrow>
        <Heading>{title}</Heading>
        <Paragraph>{JOINED}</Paragraph>
        <Paragraph>
          As a welcome, here is {percent}% off your first order. Enter the code in the <em>Gift Card or Promo</em> box
          at checkout.
        </Paragraph>
        <CodeBlock label="Your code" code={code} terms={WELCOME_TERMS} />
        <ShopButton label="Shop the collection" url={shopUrl(shop)} />
      </>
    ),
    bodyText: [
      JOINED,
      '',
      `As a welcome, here is ${percent}% off your first order. Enter the code in the "Gift Card or Promo" box at checkout.`,
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
  const title = `Welcome to the ${shop.name} list`;
  const why =
    'Our welcome discount is for a first order, and you have already ordered with us, so this email carries no code. Thank you for coming back.';
  return render(shop, subscriberId, {
    subject: `Welcome to the ${shop.name} list`,
    preheader: `You are on the ${shop.name} list: new arrivals, restocks and private sales.`,
    title,
    body: (
      <>
        <Eyebrow>Welcome</Eyebrow>
        <Heading>{title}</Heading>
        <Paragraph>{JOINED}</Paragraph>
        <Paragraph>{why}</Paragraph>
        <ShopButton label="Shop the collection" url={shopUrl(shop)} />
      </>
    ),
    bodyText: [JOINED, '', why, '', `Shop the collection: ${shopUrl(shop)}`].join('\n'),
  });
}

/**
 * A returning subscriber (who had unsubscribed) signs up again: welcome back, and no second code.
 * `unusedCode` is their first code while it can still be used, to remind them of it.
 */
export function welcomeBackEmail(
  shop: ShopContact,
  subscriberId: string,
  unusedCode: string | null,
  percent: number = DEFAULTS.newsletterDiscountPercent,
): Email {
  const title = 'Welcome back';
  const WELCOME_TERMS = welcomeTerms(percent);
  const noCode = 'The welcome discount was one per email address, so there is no new code.';
  const reminderText = unusedCode
    ? ['', 'Your welcome code is still waiting for your first order:', `YOUR CODE: ${unusedCode}`, WELCOME_TERMS]
    : ['', noCode];
  return render(shop, subscriberId, {
    subject: `Welcome back to ${shop.name}`,
    preheader: `You are back on the ${shop.name} list.`,
    title,
    body: (
      <>
        <Eyebrow>{shop.name} list</Eyebrow>
        <Heading>{title}</Heading>
        <Paragraph>
          You are on our list again: new arrivals, restocks and the occasional private sale, about twice a month.
        </Paragraph>
        {unusedCode ? (
          <>
            <Paragraph>Your welcome code is still waiting for your first order:</Paragraph>
            <CodeBlock label="Your code" code={unusedCode} terms={WELCOME_TERMS} />
          </>
        ) : (
          <Paragraph>{noCode}</Paragraph>
        )}
        <ShopButton label="Shop the collection" url={shopUrl(shop)} />
      </>
    ),
    bodyText: [
      'You are on our list again: new arrivals, restocks and the occasional private sale, about twice a month.',
      ...reminderText,
      '',
      `Shop the collection: ${shopUrl(shop)}`,
    ].join('\n'),
  });
}

/** What a dollar code takes off: '$20 off your next order. …'. */
export const codeTerms = (dollars: number) =>
  `${dollarsText(dollars)} off your next order. One use, with this email address at checkout.`;

/** Give $20: the friend's gift card (`dollars`, the settings' referralFriend), naming who sent it. */
export function referralGiftEmail(
  shop: ShopContact,
  subscriberId: string,
  code: string,
  senderEmail: string,
  dollars: number = DEFAULTS.referralFriend,
): Email {
  const amount = dollarsText(dollars);
  const GIFT_TERMS = codeTerms(dollars);
  const title = `A ${amount} gift card for you`;
  return render(shop, subscriberId, {
    subject: `A friend sent you ${amount} for your next set`,
    preheader: `${senderEmail} sent you a ${amount} ${shop.name} gift card.`,
    title,
    body: (
      <>
        <Eyebrow>A gift from a friend</Eyebrow>
        <Heading>{title}</Heading>
        <Paragraph>
          Your friend <strong style={css('font-weight:600;')}>{senderEmail}</strong> thinks you will love {shop.name}:
          silk, lace and soft things made in small batches. They sent you {amount} towards your next set.
        </Paragraph>
        <CodeBlock label="Your gift card" code={code} terms={GIFT_TERMS} />
        <ShopButton label="Find your set" url={shopUrl(shop)} />
        <p style={css(`margin:26px 0 0;font-size:12px;line-height:19px;color:${t.inkSoft};`)}>
          You are receiving this one email because a friend entered your address. We will not write again unless you
          sign up.
        </p>
      </>
    ),
    bodyText: [
      `Your friend ${senderEmail} thinks you will love ${shop.name}: silk, lace and soft things made in small batches. They sent you ${amount} towards your next set.`,
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

/** Get $20: the sender's thank-you (`dollars`, the settings' referralReferrer) once the friend ordered with their gift card. */
export function referralRewardEmail(
  shop: ShopContact,
  subscriberId: string,
  code: string,
  dollars: number = DEFAULTS.referralReferrer,
  friendDollars: number = DEFAULTS.referralFriend,
): Email {
  const amount = dollarsText(dollars);
  const REWARD_TERMS = codeTerms(dollars);
  const title = 'Your friend said yes';
  return render(shop, subscriberId, {
    subject: `Thank you: ${amount} for your next set`,
    preheader: `A friend you invited placed their order. Here is your ${amount}: ${code}.`,
    title,
    body: (
      <>
        <Eyebrow>
          Give {dollarsText(friendDollars)}, get {amount}
        </Eyebrow>
        <Heading>{title}</Heading>
        <Paragraph>
          A friend you sent a {shop.name} gift card to has just placed their order. Thank you for spreading the word:
          here is {amount} towards your next set.
        </Paragraph>
        <CodeBlock label={`Your ${amount} code`} code={code} terms={REWARD_TERMS} />
        <ShopButton label="Treat yourself" url={shopUrl(shop)} />
      </>
    ),
    bodyText: [
      `A friend you sent a ${shop.name} gift card to has just placed their order. Thank you for spreading the word: here is ${amount} towards your next set.`,
      '',
      `YOUR ${amount} CODE: ${code}`,
      REWARD_TERMS,
      '',
      `Treat yourself: ${shopUrl(shop)}`,
    ].join('\n'),
  });
}
