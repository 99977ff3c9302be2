// The tracking email's invitation to review (issue 27 #6): 'How do they feel?' and one 'Write a
// review' link per piece of the parcel, each signed for that piece (review-links.ts).
import { css } from '../../email/css.js';
import { emailTheme as t } from '../../email/layout.js';
import { capitalise, Panel, TextLink } from '../orders/email-parts.js';
import type { ReviewInvite } from './review-links.js';

export const REVIEW_INVITE_HEADING = 'How do they feel?';
const INVITE_TEXT = 'Once you have worn them a little, tell other shoppers how they fit. It takes a minute.';

export function ReviewInvites({ invites }: { invites: ReviewInvite[] }) {
  if (invites.length === 0) return null;
  return (
    <Panel>
      <p style={css(`margin:0 0 6px;font-family:${t.serif};font-size:19px;line-height:26px;color:${t.charcoal};`)}>
        {REVIEW_INVITE_HEADING}
      </p>
      <p style={css(`margin:0 0 12px;color:${t.inkSoft};`)}>{INVITE_TEXT}</p>
      {invites.map((invite) => (
        <p key={invite.itemId} style={css('margin:0 0 8px;')}>
          {capitalise(invite.title)} · <TextLink href={invite.url}>Write a review</TextLink>
        </p>
      ))}
    </Panel>
  );
}

export function reviewInvitesText(invites: ReviewInvite[]): string[] {
  if (invites.length === 0) return [];
  return [
    '',
    REVIEW_INVITE_HEADING.toUpperCase(),
    INVITE_TEXT,
    ...invites.map((invite) => `${capitalise(invite.title)}: Write a review ${invite.url}`),
  ];
}
