// The back office's one-time link emails (issue 26): an invitation to join (48 hours) and a link to
// set a new password (1 hour). Transactional: no unsubscribe link. React escapes every value.
import { INVITE_HOURS, RESET_HOURS, type AdminRole } from '../../../contract/values/admin.js';
import { invitePath, resetPath } from '../../../contract/values/staff.js';
import { baseUrl, EmailFrame, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import { Button, Eyebrow, Paragraph, TextLink, Title } from '../orders/email-parts.js';

export type Email = { subject: string; html: string; text: string };

const ROLE_WORDS: Record<AdminRole, string> = {
  owner: 'an owner (everything, including settings and staff)',
  staff: 'staff (products, orders, content and marketing; not settings, staff or promoter payouts)',
};

function linkEmail(
  shop: ShopContact,
  parts: { subject: string; eyebrow: string; lines: string[]; button: string; url: string; after: string },
): Email {
  const frame = { publicUrl: shop.publicUrl, supportEmail: shop.supportEmail, shopName: shop.name };
  return {
    subject: parts.subject,
    html: renderEmail(
      <EmailFrame {...frame} title={parts.subject} preheader={parts.lines[0] ?? parts.subject}>
        <Eyebrow>{parts.eyebrow}</Eyebrow>
        <Title>{parts.subject}</Title>
        {parts.lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <Button label={parts.button} href={parts.url} />
        <Paragraph muted>
          If the button does not work, open this address:{' '}
          <TextLink href={parts.url} breakAll>
            {parts.url}
          </TextLink>
        </Paragraph>
        <Paragraph muted>{parts.after}</Paragraph>
      </EmailFrame>,
    ),
    text: textLayout({
      ...frame,
      title: parts.subject,
      bodyText: [...parts.lines, '', `${parts.button}: ${parts.url}`, '', parts.after].join('\n'),
    }),
  };
}

/** To the invitee: who invited them, as what, and the link to set a password (valid INVITE_HOURS, once). */
export function inviteEmail(shop: ShopContact, invite: { token: string; role: AdminRole; invitedBy: string }): Email {
  return linkEmail(shop, {
    subject: `You are invited to the ${shop.name} back office`,
    eyebrow: 'Invitation',
    lines: [
      `${invite.invitedBy} invited you to help run the ${shop.name} shop as ${ROLE_WORDS[invite.role]}.`,
      'Choose a password to join. You will be signed in at once.',
    ],
    button: 'Set your password',
    url: `${baseUrl(shop.publicUrl)}${invitePath(invite.token)}`,
    after: `The link works once, for ${INVITE_HOURS} hours. If you did not expect this invitation, you can ignore this email.`,
  });
}

/** To an admin who asked: the link to set a new password (valid RESET_HOURS, once). */
export function resetEmail(shop: ShopContact, token: string): Email {
  return linkEmail(shop, {
    subject: `Set a new password for the ${shop.name} back office`,
    eyebrow: 'Password',
    lines: ['Someone, hopefully you, asked to set a new password for your back-office account.'],
    button: 'Set a new password',
    url: `${baseUrl(shop.publicUrl)}${resetPath(token)}`,
    after: `The link works once, for ${RESET_HOURS === 1 ? 'one hour' : `${RESET_HOURS} hours`}. Setting a new password signs you out everywhere else. If you did not ask, ignore this email: your password stays as it is.`,
  });
}
