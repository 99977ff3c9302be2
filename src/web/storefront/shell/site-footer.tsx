// Footer with every link of spec §2, the referral opener, support email and the newsletter sign-up.
// The shop's name, support address, social links and offers are the owner's settings (issue 26).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { referralTitle } from '../../../contract/values/shop-info.js';
import type { SocialNetwork } from '../../../contract/values/settings.js';
import { footerLinksQuery } from '../../api/queries.js';
import { useShopApi } from '../../api/api-context.js';
import { FacebookIcon, InstagramIcon, PinterestIcon, TikTokIcon } from '../../ui/icons.js';
import { NewsletterForm } from './newsletter-form.js';
import { ReferralModal } from './referral-modal.js';
import { useShopInfo } from './use-shop-info.js';
import { Wordmark } from './wordmark.js';

/** The networks in the order the footer shows them; only those the owner gave an address for appear. */
const SOCIAL: { network: SocialNetwork; name: string; Icon: () => React.JSX.Element }[] = [
  { network: 'instagram', name: 'Instagram', Icon: InstagramIcon },
  { network: 'facebook', name: 'Facebook', Icon: FacebookIcon },
  { network: 'pinterest', name: 'Pinterest', Icon: PinterestIcon },
  { network: 'tiktok', name: 'TikTok', Icon: TikTokIcon },
];

export function SiteFooter() {
  const [referralOpen, setReferralOpen] = useState(false);
  const shop = useShopInfo();
  const social = SOCIAL.filter(({ network }) => /^https:\/\//i.test(shop.social[network]));
  // The info pages the owner chose for the footer (the spec's four until they choose); only pages that exist.
  const { data: infoLinks = [] } = useQuery(footerLinksQuery(useShopApi()));
  const legalLinks = infoLinks.filter((l) => l.column === 'legal');
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__newsletter" aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="site-footer__title">
            {`Join the ${shop.name} list`}
          </h2>
          <p className="site-footer__lede">
            {`Sign up for ${shop.newsletterDiscountPercent}% off your first order, and first word on new arrivals.`}
          </p>
          <NewsletterForm />
        </section>

        <div className="site-footer__columns">
          <nav className="footer-column" aria-labelledby="footer-shop">
            <h2 id="footer-shop" className="footer-column__title">
              Shop
            </h2>
            <ul>
              <li>
                <Link to="/collections">Shop all</Link>
              </li>
              <li>
                <Link to="/story">Our Story</Link>
              </li>
              <li>
                <Link to="/gift-card">Gift Card</Link>
              </li>
              <li>
                <button
                  type="button"
                  className="link-button"
                  aria-haspopup="dialog"
                  onClick={() => setReferralOpen(true)}
                >
                  {referralTitle(shop.referralFriend, shop.referralReferrer)}
                </button>
              </li>
            </ul>
          </nav>
          <nav className="footer-column" aria-labelledby="footer-help">
            <h2 id="footer-help" className="footer-column__title">
              Help
            </h2>
            <ul>
              {infoLinks
                .filter((l) => l.column === 'help')
                .map((l) => (
                  <li key={l.page_name}>
                    <Link to={`/info/${l.page_name}`}>{l.label}</Link>
                  </li>
                ))}
              <li>
                <Link to="/sizing-guide">Sizing Guide</Link>
              </li>
              <li>
                <Link to="/return-form">Start a return</Link>
              </li>
            </ul>
          </nav>
          {legalLinks.length > 0 && (
            <nav className="footer-column" aria-labelledby="footer-legal">
              <h2 id="footer-legal" className="footer-column__title">
                Legal
              </h2>
              <ul>
                {legalLinks.map((l) => (
                  <li key={l.page_name}>
                    <Link to={`/info/${l.page_name}`}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="footer-column">
            <h2 className="footer-column__title">Contact</h2>
            <p className="footer-column__text">
              Questions about fit or an order? Write to us at{' '}
              <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a>
            </p>
            {social.length > 0 && (
              <ul className="social-links">
                {social.map(({ network, name, Icon }) => (
                  <li key={network}>
                    <a
                      href={shop.social[network]}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={name}
                      className="social-links__link"
                    >
                      <Icon />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>

        <div className="site-footer__base">
          <Wordmark className="site-footer__logo" />
          <p>{`© ${new Date().getFullYear()} ${shop.name}. All rights reserved.`}</p>
        </div>
      </div>
      <ReferralModal open={referralOpen} onClose={() => setReferralOpen(false)} />
    </footer>
  );
}
