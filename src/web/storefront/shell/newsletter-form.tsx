// The footer's newsletter sign-up (spec §5, §8): pattern check first, then POST /newsletterSub.
// The message, and after a success the address, clear after 5 s (spec §4).
import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '../../../domain/validation.js';
import { subscribeNewsletter } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';

const CLEAR_AFTER_MS = 5000;

type Status = { kind: 'success' | 'error'; text: string; clearInput?: boolean };

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => {
      if (status.clearInput) setEmail('');
      setStatus(null);
    }, CLEAR_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setStatus({ kind: 'error', text: 'Invalid email address.' });
      return;
    }
    setPending(true);
    try {
      const { success } = await subscribeNewsletter({ email: address });
      setStatus(
        success
          ? { kind: 'success', text: 'Successfully subscribed! Check your email for the discount code.', clearInput: true }
          : { kind: 'error', text: 'Email already exists' },
      );
    } catch {
      setStatus({ kind: 'error', text: 'Something went wrong. Please try again.' });
    } finally {
      setPending(false);
    }
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
