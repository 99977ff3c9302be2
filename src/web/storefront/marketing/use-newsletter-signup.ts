// The newsletter sign-up shared by the footer field and the promo popup (spec §4, §5, §8): the email
// pattern first, then POST /newsletterSub; the message clears after 5 s, and after a success so does
// the field.
import { useEffect, useState } from 'react';
import { isEmail, MESSAGES, STATUS_CLEAR_MS } from '../../../domain/marketing.js';
import { ApiError, subscribeNewsletter } from '../../api/http-api.js';

export type SignupStatus = { kind: 'success' | 'error'; text: string };

export const failureMessage = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? err.message : 'Something went wrong. Please try again.';

export function useNewsletterSignup({ onSuccess }: { onSuccess?: () => void } = {}) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<SignupStatus | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => {
      if (status.kind === 'success') setEmail('');
      setStatus(null);
    }, STATUS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submit = async () => {
    if (pending) return;
    const address = email.trim();
    if (!isEmail(address)) {
      setStatus({ kind: 'error', text: MESSAGES.invalidEmail });
      return;
    }
    setPending(true);
    try {
      const { success, message } = await subscribeNewsletter({ email: address });
      // The server says what is true for a sign-up that gets no new code (issue 24 item 18).
      setStatus(
        success
          ? { kind: 'success', text: message ?? MESSAGES.subscribed }
          : { kind: 'error', text: MESSAGES.alreadySubscribed },
      );
      if (success) onSuccess?.();
    } catch (err) {
      setStatus({ kind: 'error', text: failureMessage(err) });
    } finally {
      setPending(false);
    }
  };

  return { email, setEmail, status, pending, submit };
}
