// The admin bar's account side (issue 26 #5): who is signed in, 'Change password' and 'Sign out'.
// It also watches every back-office call: one answered 401 (the session ended: the person was
// removed, or their password changed elsewhere) drops the cache and goes back to the sign-in form.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { useMe } from '../queries/use-me.js';
import { ChangePasswordModal } from './change-password.js';

const sessionEnded = (err: unknown) => err instanceof ApiError && err.status === 401;

export function AccountBar({ onSignOut, onSessionEnded }: { onSignOut: () => void; onSessionEnded: () => void }) {
  const { me } = useMe();
  const client = useQueryClient();
  const [changing, setChanging] = useState(false);

  useEffect(() => {
    const ended = (err: unknown) => {
      if (!sessionEnded(err)) return;
      client.clear();
      onSessionEnded();
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client, onSessionEnded]);

  return (
    <>
      <p className="admin-page__hello">
        {me ? (
          <>
            Signed in as <span className="admin-account__email">{me.email}</span>
            <span className="admin-tag admin-tag--info admin-account__role">
              {me.role === 'owner' ? 'Owner' : 'Staff'}
            </span>
          </>
        ) : (
          'Signed in'
        )}
      </p>
      <div className="admin-account__actions">
        <Button variant="ghost" onClick={() => setChanging(true)}>
          Change password
        </Button>
        <Button variant="ghost" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
