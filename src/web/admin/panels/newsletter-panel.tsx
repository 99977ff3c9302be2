// Newsletter manager (spec §2, §4, §5): the table Subject / Status / Scheduled At / Test email /
// Actions, and the editor with a live preview. The server sends Approved newsletters at their time.
import { useMemo, useState, type FormEvent } from 'react';
import type { Newsletter } from '../../../contract/newsletters.js';
import {
  ALL_FIELDS_REQUIRED,
  NEWSLETTER_STATUSES,
  SEND_AT_IN_THE_PAST,
  type NewsletterStatus,
} from '../../../contract/values/admin.js';
import { renderMarkdown } from '../../../domain/markdown.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi, messageOf } from '../admin-api.js';
import { useAdminList } from './use-admin-list.js';
import { AdminTable, formatDateTime, PanelError, SelectField, TextAreaField, toLocalInput } from './admin-form.js';

const TAG: Record<NewsletterStatus, string> = { Draft: 'warning', Approved: 'success', 'Needs review': 'info' };
export const DELETE_QUESTION = 'Are you sure you want to permanently delete this email?';

export default function NewsletterPanel() {
  const { list: newsletters, error, reload } = useAdminList(adminApi.getNewsletters);
  const [editing, setEditing] = useState<Newsletter | 'new' | null>(null);

  if (editing) {
    return (
      <NewsletterEditor
        newsletter={editing === 'new' ? null : editing}
        onDone={async (saved) => {
          setEditing(null);
          if (saved) await reload();
        }}
      />
    );
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__bar">
        <p className="admin-panel__lede">Approved newsletters go to every subscriber at their scheduled time.</p>
        <Button onClick={() => setEditing('new')}>Create New Newsletter</Button>
      </div>
      <PanelError message={error} />
      {newsletters === null ? (
        <p className="admin-panel__empty">Loading…</p>
      ) : newsletters.length === 0 ? (
        <p className="admin-panel__empty">No newsletters yet.</p>
      ) : (
        <AdminTable columns={['Subject', 'Status', 'Scheduled At', 'Test email', 'Actions']}>
          {newsletters.map((n) => (
            <NewsletterRow key={n._id} newsletter={n} onEdit={() => setEditing(n)} onDeleted={reload} />
          ))}
        </AdminTable>
      )}
    </div>
  );
}

function NewsletterRow({
  newsletter: n,
  onEdit,
  onDeleted,
}: {
  newsletter: Newsletter;
  onEdit: () => void;
  onDeleted: () => Promise<void>;
}) {
  const [testEmail, setTestEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const sendTest = async () => {
    setBusy(true);
    try {
      await adminApi.sendTestNewsletter(n._id, testEmail.trim());
      window.alert('Test email sent!');
    } catch (err) {
      window.alert(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(DELETE_QUESTION)) return;
    try {
      await adminApi.cancelNewsletter(n._id);
      await onDeleted();
    } catch (err) {
      window.alert(messageOf(err));
    }
  };

  return (
    <tr>
      <th scope="row" className="admin-table__strong">
        {n.subject}
      </th>
      <td>
        <span className={`admin-tag admin-tag--${TAG[n.status]}`}>{n.status}</span>
        {n.sentAt ? (
          <span className="admin-table__note">Sent to {n.deliveredCount}</span>
        ) : n.deliveredCount > 0 ? (
          <span className="admin-table__note">Sending… {n.deliveredCount}</span>
        ) : null}
      </td>
      <td>{formatDateTime(n.scheduledAt)}</td>
      <td>
        <div className="admin-inline">
          <FormField
            label={`Test email for ${n.subject}`}
            hideLabel
            type="email"
            placeholder="you@example.com"
            value={testEmail}
            onChange={(e) => setTestEmail(e.target.value)}
          />
          <Button variant="secondary" disabled={busy || !testEmail.trim()} onClick={() => void sendTest()}>
            Send Test
          </Button>
        </div>
      </td>
      <td>
        <div className="admin-inline">
          <Button variant="ghost" onClick={onEdit} disabled={n.deliveredCount > 0} aria-label={`Edit ${n.subject}`}>
            Edit
          </Button>
          <Button variant="ghost" onClick={() => void remove()} aria-label={`Delete ${n.subject}`}>
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}

function NewsletterEditor({
  newsletter,
  onDone,
}: {
  newsletter: Newsletter | null;
  onDone: (saved: boolean) => Promise<void>;
}) {
  const [subject, setSubject] = useState(newsletter?.subject ?? '');
  const [body, setBody] = useState(newsletter?.emailContent ?? '');
  const [status, setStatus] = useState<NewsletterStatus>(newsletter?.status ?? 'Draft');
  const [when, setWhen] = useState(newsletter ? toLocalInput(new Date(newsletter.scheduledAt)) : '');
  const savedWhen = useMemo(() => (newsletter ? toLocalInput(new Date(newsletter.scheduledAt)) : null), [newsletter]);
  const [saving, setSaving] = useState(false);
  const preview = useMemo(() => renderMarkdown(body), [body]);
  const min = useMemo(() => toLocalInput(new Date()), []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !body.trim() || !when) {
      window.alert(ALL_FIELDS_REQUIRED);
      return;
    }
    // Spec §2: the current time is the minimum; an old newsletter may keep the date it has.
    if (when < min && when !== savedWhen) {
      window.alert(SEND_AT_IN_THE_PAST);
      return;
    }
    setSaving(true);
    try {
      const fields = { subject, emailContent: body, status, scheduledAt: new Date(when).toISOString() };
      if (newsletter) await adminApi.editNewsletter({ ...fields, id: newsletter._id });
      else await adminApi.createNewsletter(fields);
      await onDone(true);
    } catch (err) {
      window.alert(messageOf(err));
      setSaving(false);
    }
  };

  return (
    <form className="admin-panel admin-editor" onSubmit={(e) => void save(e)} noValidate>
      <h2 className="admin-editor__title">{newsletter ? 'Edit newsletter' : 'New newsletter'}</h2>
      <div className="admin-editor__columns">
        <div className="admin-editor__fields">
          <FormField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
          <TextAreaField
            label="Body"
            hint="Markdown: **bold**, _italic_, ## headings, [links](https://…)"
            rows={14}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as NewsletterStatus)}>
            {NEWSLETTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <FormField
            label="Send at"
            type="datetime-local"
            min={min}
            value={when}
            onChange={(e) => setWhen(e.target.value)}
          />
        </div>
        <section className="admin-editor__preview" aria-label="Preview">
          <p className="admin-editor__preview-label">Preview</p>
          <h3 className="admin-editor__preview-subject">{subject || 'Subject'}</h3>
          {/* renderMarkdown escapes raw HTML and refuses javascript: links (src/domain/markdown.ts). */}
          <div className="admin-markdown" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      </div>
      <div className="admin-editor__actions">
        <Button type="submit" disabled={saving}>
          Save
        </Button>
        <Button variant="ghost" onClick={() => void onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
