// The pages of a one-time link (issue 26): /admin/invite/{token} (join the back office) and
// /admin/reset/{token} (a new password). Each asks the password twice, sets it, signs the person in
// and opens /admin. An expired or used link says so and changes nothing. Loaded lazily, like the
// back office.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CheckLinkAnswer } from '../../../contract/staff.js';
import {
  ADMIN_PASSWORD_MIN,
  INVITE_LINK_GONE,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  RESET_LINK_GONE,
} from '../../../contract/values/staff.js';
import { ApiError } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { AdminChecking } from '../admin-checking.js';
import '../admin.css';
import { staffApi } from '../panels/staff/staff-api.js';

export type LinkKind = 'invite' | 'reset';

const UNREACHABLE = 'The shop could not be reached. Please try again.';
const gone = (kind: LinkKind) => (kind === 'invite' ? INVITE_LINK_GONE : RESET_LINK_GONE);

export default function LinkPage({ kind, token }: { kind: LinkKind; token: string }) {
  const [link, setLink] = useState<CheckLinkAnswer | 'gone' | 'unreachable' | undefined>();
  useEffect(() => {
    let live = true;
    staffApi
      .checkLink({ token, kind })
      .then((answer) => live && setLink(answer))
      .catch((err: unknown) => live && setLink(err instanceof ApiError && err.status < 500 ? 'gone' : 'unreachable'));
    return () => {
      live = false;
    };
  }, [token, kind]);

  if (link === undefined) return <AdminChecking />;
  if (link === 'gone' || link === 'unreachable')
    return (
      <div className="sign-in">
        <h1 className="sign-in__title">{kind === 'invite' ? 'Invitation' : 'New password'}</h1>
        <p className="sign-in__note" role="alert">
          {link === 'gone' ? gone(kind) : UNREACHABLE}
        </p>
        <a className="sign-in__link" href="/admin">
          Go to sign in
        </a>
      </div>
    );
  return <PasswordForm kind={kind} token={token} link={link} onGone={() => setLink('gone')} />;
}

function PasswordForm({
  kind,
  token,
  link,
  onGone,
}: {
  kind: LinkKind;
  token: string;
  link: CheckLinkAnswer;
  onGone: () => void;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'again' | 'form'; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (password.length < ADMIN_PASSWORD_MIN) return setError({ field: 'password', message: PASSWORD_TOO_SHORT });
    if (password !== again) return setError({ field: 'again', message: PASSWORDS_DIFFER });
    setPending(true);
    setError(null);
    try {
      await (kind === 'invite' ? staffApi.acceptInvite : staffApi.resetPassword)({ token, password });
      navigate('/admin', { replace: true });
    } catch (err) {
      setPending(false);
      if (err instanceof ApiError && err.code === 'not_found') return onGone();
      setError({ field: 'form', message: err instanceof ApiError ? err.message : UNREACHABLE });
    }
  };

  return (
    <form className="sign-in" method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h1 className="sign-in__title">{kind === 'invite' ? 'Welcome' : 'New password'}</h1>
      <p className="sign-in__lede">
        {kind === 'invite'
          ? `Choose a password to join the Murashki back office as ${link.role === 'owner' ? 'an owner' : 'staff'}.`
          : 'Choose a new password. You will be signed out everywhere else.'}
      </p>
      <FormField label="Email" type="email" name="email" autoComplete="username" value={link.email} readOnly />
      <FormField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        hint={`At least ${ADMIN_PASSWORD_MIN} characters.`}
        error={error?.field === 'password' ? error.message : undefined}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormField
        label="Password again"
        type="password"
        name="password-again"
        autoComplete="new-password"
        required
        value={again}
        error={error?.field === 'again' ? error.message : undefined}
        onChange={(e) => setAgain(e.target.value)}
      />
      {error?.field === 'form' && (
        <p className="sign-in__error" role="alert">
          {error.message}
        </p>
      )}
      <Button type="submit" block disabled={pending}>
        {kind === 'invite' ? 'Join and sign in' : 'Set password and sign in'}
      </Button>
    </form>
  );
}
