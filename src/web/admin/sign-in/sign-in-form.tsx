// The back office's sign-in form (spec §4), and its 'Forgot password?' (issue 26 #5): an email field
// whose answer is the same whether or not the email has an account.
import { useState, type FormEvent } from 'react';
import { FORGOT_ANSWER } from '../../../contract/values/staff.js';
import { ApiError, authenticate } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { staffApi } from '../panels/staff/staff-api.js';

const UNREACHABLE = 'The shop could not be reached. Please try again.';

/**
 * The fields are read from the form when it is sent, not from React state: a password manager that
 * fills them by setting `input.value` (with or without an input event React can see) and presses
 * Enter at once must sign in with what is in the fields, on the first Enter (issue 24 #10).
 */
export function SignInForm({ notice, onSignedIn }: { notice: string | null; onSignedIn: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(notice);
  const [pending, setPending] = useState(false);
  const [forgot, setForgot] = useState(false);

  if (forgot) return <ForgotPasswordForm onBack={() => setForgot(false)} />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get('email') ?? '').trim();
    const password = String(fields.get('password') ?? '');
    setPending(true);
    setError(null);
    try {
      const answer = await authenticate({ email, password });
      if (answer.error) {
        setError('Incorrect email or password');
        setPending(false);
        return;
      }
      await onSignedIn();
    } catch (err) {
      if (!(err instanceof ApiError)) setError(UNREACHABLE);
      else setError(err.code === 'invalid' ? 'Incorrect email or password' : err.message);
      setPending(false);
    }
  };

  return (
    <form className="sign-in" method="post" onSubmit={onSubmit}>
      <h1 className="sign-in__title">Sign in</h1>
      <p className="sign-in__lede">The Murashki back office</p>
      <FormField label="Email" type="email" name="email" autoComplete="username" required />
      <FormField label="Password" type="password" name="password" autoComplete="current-password" required />
      {error && (
        <p className="sign-in__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" block disabled={pending}>
        Sign in
      </Button>
      <button type="button" className="sign-in__link" onClick={() => setForgot(true)}>
        Forgot password?
      </button>
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !email.trim()) return;
    setPending(true);
    setError(null);
    try {
      setSent((await staffApi.forgotPassword(email.trim())).message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : UNREACHABLE);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="sign-in" method="post" onSubmit={onSubmit}>
      <h1 className="sign-in__title">New password</h1>
      <p className="sign-in__lede">We email you a link to set a new one, valid for an hour.</p>
      {sent ? (
        <p className="sign-in__note" role="status">
          {sent || FORGOT_ANSWER}
        </p>
      ) : (
        <>
          <FormField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error && (
            <p className="sign-in__error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" block disabled={pending}>
            {pending ? 'Sending…' : 'Email me a link'}
          </Button>
        </>
      )}
      <button type="button" className="sign-in__link" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
