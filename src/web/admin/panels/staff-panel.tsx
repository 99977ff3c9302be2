// The Staff tab (issue 26 #4, owner only; the server refuses its calls to staff too): the people
// with their role and since when, 'Invite' by email and role, the invitations not yet accepted
// (expiry; send again, withdraw) and 'Remove' with a confirm. The last owner stays (the server
// says so when asked).
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminRole } from '../../../contract/values/admin.js';
import { INVITE_HOURS } from '../../../contract/values/admin.js';
import type { PendingInvitation, StaffMember } from '../../../contract/staff.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { useMe } from '../queries/use-me.js';
import { AdminTable, formatDateTime, PanelError, PanelStatus, SelectField } from './admin-form.js';
import { staffApi, staffKey } from './staff/staff-api.js';

export const REMOVE_QUESTION = (email: string) =>
  `Remove ${email} from the back office? They are signed out at once and can no longer sign in.`;

export const DEMOTE_QUESTION = (email: string) =>
  `Make ${email} staff? They will no longer open Settings, Staff or Activity, nor set promoter passes and payouts.`;

const ROLE_LABEL: Record<AdminRole, string> = { owner: 'Owner', staff: 'Staff' };
const ROLE_HINT = 'Staff do everything but Settings, Staff, Activity and promoter passes and payouts.';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

export default function StaffPanel() {
  const staff = useQuery({ queryKey: staffKey, queryFn: staffApi.list });
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="admin-panel staff-panel">
      <p className="admin-panel__lede">The people who can sign in to the back office. {ROLE_HINT}</p>
      <InviteForm onInvited={(email) => setDone(`Invitation sent to ${email}.`)} />
      <PanelStatus message={done} />
      <QueryState query={staff} empty={null} isEmpty={() => false}>
        {(data) => (
          <>
            <People people={data.people} onDone={setDone} />
            <Invitations invitations={data.invitations} onDone={setDone} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('staff');
  const invite = useAdminMutation({
    call: staffApi.invite,
    invalidates: [staffKey],
    onSuccess: (answer) => {
      setEmail('');
      onInvited(answer.invitation.email);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) void invite.run({ email: email.trim(), role });
  };
  return (
    <form className="admin-card staff-invite" onSubmit={submit} aria-labelledby="staff-invite-title">
      <h2 className="admin-card__title" id="staff-invite-title">
        Invite someone
      </h2>
      <p className="admin-panel__lede staff-invite__lede">
        They get an email with a link to choose a password, valid {INVITE_HOURS} hours and once.
      </p>
      <div className="staff-invite__row">
        <FormField
          label="Email"
          type="email"
          name="invite-email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            invite.reset();
          }}
        />
        <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as AdminRole)}>
          <option value="staff">Staff</option>
          <option value="owner">Owner</option>
        </SelectField>
        <Button type="submit" disabled={invite.pending || !email.trim()}>
          {invite.pending ? 'Sending…' : 'Invite'}
        </Button>
      </div>
      <PanelError message={invite.error} />
    </form>
  );
}

function People({ people, onDone }: { people: StaffMember[]; onDone: (message: string) => void }) {
  const { me } = useMe();
  const remove = useAdminMutation({
    call: (person: StaffMember) => staffApi.remove(person.id),
    invalidates: [staffKey],
    onSuccess: (_answer, person) => onDone(`${person.email} was removed.`),
  });
  const changeRole = useAdminMutation({
    call: staffApi.changeRole,
    invalidates: [staffKey],
    onSuccess: (answer) => onDone(`${answer.person.email} is now ${ROLE_LABEL[answer.person.role].toLowerCase()}.`),
  });
  const askRole = (person: StaffMember, role: AdminRole) => {
    if (role === 'staff' && !window.confirm(DEMOTE_QUESTION(person.email))) return;
    void changeRole.run({ id: person.id, role });
  };
  const askRemove = (person: StaffMember) => {
    if (window.confirm(REMOVE_QUESTION(person.email))) void remove.run(person);
  };
  return (
    <section className="staff-section" aria-labelledby="staff-people-title">
      <h2 className="admin-card__title" id="staff-people-title">
        People
      </h2>
      <PanelError message={remove.error ?? changeRole.error} />
      <AdminTable className="staff-table" columns={['Email', 'Role', 'Since', { label: 'Actions', hidden: true }]}>
        {people.map((person) => {
          const isMe = person.id === me?.id;
          return (
            <tr key={person.id}>
              <th scope="row" className="admin-table__strong" data-label="Email">
                {person.email}
                {isMe && <span className="admin-table__note">You</span>}
              </th>
              <td data-label="Role">
                <label className="visually-hidden" htmlFor={`staff-role-${person.id}`}>
                  Role of {person.email}
                </label>
                <select
                  id={`staff-role-${person.id}`}
                  className="field__input staff-role"
                  value={person.role}
                  disabled={changeRole.pending}
                  onChange={(e) => askRole(person, e.target.value as AdminRole)}
                >
                  <option value="owner">Owner</option>
                  <option value="staff">Staff</option>
                </select>
              </td>
              <td data-label="Since">{formatDate(person.since)}</td>
              <td>
                {!isMe && (
                  <Button
                    variant="ghost"
                    className="admin-danger"
                    disabled={remove.pending}
                    onClick={() => askRemove(person)}
                    aria-label={`Remove ${person.email}`}
                  >
                    Remove
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </section>
  );
}

function Invitations({ invitations, onDone }: { invitations: PendingInvitation[]; onDone: (message: string) => void }) {
  const resend = useAdminMutation({
    call: staffApi.resend,
    invalidates: [staffKey],
    onSuccess: (answer) => onDone(`Invitation sent again to ${answer.invitation.email}.`),
  });
  const withdraw = useAdminMutation({
    call: staffApi.withdraw,
    invalidates: [staffKey],
    onSuccess: (_answer, email) => onDone(`The invitation to ${email} was withdrawn.`),
  });
  if (invitations.length === 0) return null;
  const now = Date.now();
  return (
    <section className="staff-section" aria-labelledby="staff-invitations-title">
      <h2 className="admin-card__title" id="staff-invitations-title">
        Invitations not yet accepted
      </h2>
      <PanelError message={resend.error ?? withdraw.error} />
      <AdminTable className="staff-table" columns={['Email', 'Role', 'Link', { label: 'Actions', hidden: true }]}>
        {invitations.map((invitation) => {
          const expired = Date.parse(invitation.expiresAt) <= now;
          return (
            <tr key={invitation.email}>
              <th scope="row" className="admin-table__strong" data-label="Email">
                {invitation.email}
              </th>
              <td data-label="Role">{ROLE_LABEL[invitation.role]}</td>
              <td data-label="Link">
                {expired ? (
                  <span className="admin-tag admin-tag--warning">Expired</span>
                ) : (
                  `Valid until ${formatDateTime(invitation.expiresAt)}`
                )}
              </td>
              <td>
                <div className="admin-inline">
                  <Button
                    variant="ghost"
                    disabled={resend.pending}
                    onClick={() => void resend.run(invitation.email)}
                    aria-label={`Send the invitation to ${invitation.email} again`}
                  >
                    Send again
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={withdraw.pending}
                    onClick={() => void withdraw.run(invitation.email)}
                    aria-label={`Withdraw the invitation to ${invitation.email}`}
                  >
                    Withdraw
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </section>
  );
}
