// 'Change password' (issue 26 #5): the current password, the new one twice. This session stays
// signed in; every other session of the person ends.
import { useState, type FormEvent } from 'react';
import { ADMIN_PASSWORD_MIN, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '../../../contract/values/staff.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { PanelError, PanelStatus } from '../panels/admin-form.js';
import { staffApi } from '../panels/staff/staff-api.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Change password" className="admin-account__modal">
      {open && <ChangePasswordForm onClose={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [issue, setIssue] = useState<{ field: 'next' | 'again'; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const save = useAdminMutation({ call: staffApi.changePassword, onSuccess: () => setDone(true) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next.length < ADMIN_PASSWORD_MIN) return setIssue({ field: 'next', message: PASSWORD_TOO_SHORT });
    if (next !== again) return setIssue({ field: 'again', message: PASSWORDS_DIFFER });
    setIssue(null);
    void save.run({ currentPassword: current, newPassword: next });
  };

  if (done)
    return (
      <div className="admin-account__form">
        <PanelStatus message="Your password is changed. You stay signed in here; other devices are signed out." />
        <Button onClick={onClose}>Done</Button>
      </div>
    );

  return (
    <form className="admin-account__form" onSubmit={submit} noValidate>
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value);
          save.reset();
        }}
      />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={next}
        hint={`At least ${ADMIN_PASSWORD_MIN} characters.`}
        error={issue?.field === 'next' ? issue.message : undefined}
        onChange={(e) => setNext(e.target.value)}
      />
      <FormField
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        value={again}
        error={issue?.field === 'again' ? issue.message : undefined}
        onChange={(e) => setAgain(e.target.value)}
      />
      <PanelError message={save.error} />
      <div className="admin-editor__actions">
        <Button type="submit" disabled={save.pending || !current}>
          {save.pending ? 'Saving…' : 'Change password'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
