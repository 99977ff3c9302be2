// The timed promo popup, also the newsletter promo modal (spec §2, §4): a picture that swaps to its
// narrow variant at 450 px, the sign-up form, and a way to decline. It closes 5 s after a success.
import { useEffect, useState, type FormEvent } from 'react';
import { PROMO_CLOSE_MS, PROMO_IMAGE_SWAP_WIDTH } from '../../../domain/marketing.js';
import narrowPicture from '../../assets/promo-narrow.jpg';
import widePicture from '../../assets/promo-wide.jpg';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { useShopInfo } from '../shell/use-shop-info.js';
import { useNewsletterSignup } from './use-newsletter-signup.js';
import './marketing.css';

export default function PromoPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [subscribed, setSubscribed] = useState(false);
  const { email, setEmail, status, pending, submit } = useNewsletterSignup({ onSuccess: () => setSubscribed(true) });
  // The shop's name and the settings' first-order percent (issue 26; 15 % by default, spec §9).
  const { name, newsletterDiscountPercent: percent } = useShopInfo();

  useEffect(() => {
    if (!subscribed || !open) return;
    const timer = setTimeout(onClose, PROMO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [subscribed, open, onClose]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`${percent}% off your first order`}
      closeLabel="Close offer"
      className="promo-modal"
    >
      <picture className="promo-modal__media">
        <source media={`(max-width: ${PROMO_IMAGE_SWAP_WIDTH}px)`} srcSet={narrowPicture} width={900} height={600} />
        <img src={widePicture} width={600} height={800} alt="A blush silk slip dress on a hanger" />
      </picture>
      <div className="promo-modal__body">
        <p className="modal__text">
          {`Join the ${name} list for first word on new arrivals, restocks and private sales, and take ${percent}% off your first order.`}
        </p>
        <form className="newsletter-form promo-modal__form" noValidate onSubmit={onSubmit}>
          <FormField
            label="Email"
            hideLabel
            type="email"
            name="email"
            autoComplete="email"
            placeholder="Your email address"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={status?.kind === 'error' ? true : undefined}
          />
          <Button type="submit" block disabled={pending || subscribed}>
            {`Get ${percent}% off`}
          </Button>
          <p className={`form-status form-status--${status?.kind ?? 'idle'}`} role="status">
            {status?.text}
          </p>
        </form>
        <button type="button" className="link-button promo-modal__decline" onClick={onClose}>
          No, thank you
        </button>
      </div>
    </Modal>
  );
}
