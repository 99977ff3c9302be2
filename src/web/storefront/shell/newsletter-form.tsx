// The footer's newsletter sign-up (spec §5, §8): pattern check first, then POST /newsletterSub.
// The message, and after a success the address, clear after 5 s (spec §4).
import type { FormEvent } from 'react';
import { useNewsletterSignup } from '../marketing/use-newsletter-signup.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';

export function NewsletterForm() {
  const { email, setEmail, status, pending, submit } = useNewsletterSignup();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="newsletter-form" noValidate onSubmit={onSubmit}>
      <div className="newsletter-form__row">
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
        <Button type="submit" disabled={pending}>
          Subscribe
        </Button>
      </div>
      <p className={`form-status form-status--${status?.kind ?? 'idle'}`} role="status">
        {status?.text}
      </p>
    </form>
  );
}
