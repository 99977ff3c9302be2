// Newsletter manager (spec §2, §4, §5): the table Subject / Status / Scheduled At / Test email /
// Actions, and the editor with a live preview. The server sends Approved newsletters at their time.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { ALL_FIELDS_REQUIRED, NEWSLETTER_STATUSES, SEND_AT_IN_THE_PAST } from '../../../contract/values/admin.js';
import type { CreateNewsletterBody, Newsletter, NewsletterStatus } from '../../../contract/newsletters.js';
import { renderMarkdown } from '../../../domain/markdown.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { useFormCheck } from '../queries/form-check.js';
import { QueryState } from '../queries/query-state.js';
import { browserAlert, useAdminMutation } from '../queries/use-admin-mutation.js';
import {
  AdminTable,
  EditorActions,
  formatDateTime,
  PanelError,
  SelectField,
  TextAreaField,
  toLocalInput,
} from './admin-form.js';
import { MarkdownHtml } from '../../ui/markdown-html.js';

const TAG: Record<NewsletterStatus, string> = { Draft: 'warning', Approved: 'success', 'Needs review': 'info' };
export const DELETE_QUESTION = 'Are you sure you want to permanently delete this email?';

export default function NewsletterPanel() {
  const newsletters = useQuery(adminQueries.newsletters());
  const [editing, setEditing] = useState<Newsletter | 'new' | null>(null);

  if (editing) {
    return <NewsletterEditor newsletter={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__bar">
        <p className="admin-panel__lede">Approved newsletters go to every subscriber at their scheduled time.</p>
        <Button onClick={() => setEditing('new')}>Create New Newsletter</Button>
      </div>
      <QueryState query={newsletters} empty="No newsletters yet.">
        {(list) => (
          <AdminTable columns={['Subject', 'Status', 'Scheduled At', 'Test email', 'Actions']}>
            {list.map((n) => (
              <NewsletterRow key={n._id} newsletter={n} onEdit={() => setEditing(n)} />
            ))}
          </AdminTable>
        )}
      </QueryState>
    </div>
  );
}

function NewsletterRow({ newsletter: n, onEdit }: { newsletter: Newsletter; onEdit: () => void }) {
  const [testEmail, setTestEmail] = useState('');
  // Spec §7: the test send answers with a success alert.
  const sendTest = useAdminMutation({
    call: (email: string) => adminApi.sendTestNewsletter(n._id, email),
    onSuccess: () => browserAlert('Test email sent!'),
  });
  const remove = useAdminMutation({ call: adminApi.cancelNewsletter, invalidates: [adminKeys.newsletters] });
  const askRemove = () => {
    if (window.confirm(DELETE_QUESTION)) void remove.run(n._id);
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
          <Button
            variant="secondary"
            disabled={sendTest.pending || !testEmail.trim()}
            onClick={() => void sendTest.run(testEmail.trim())}
          >
            Send Test
          </Button>
        </div>
        <PanelError message={sendTest.error} />
      </td>
      <td>
        <div className="admin-inline">
          <Button variant="ghost" onClick={onEdit} disabled={n.deliveredCount > 0} aria-label={`Edit ${n.subject}`}>
            Edit
          </Button>
          <Button variant="ghost" onClick={askRemove} aria-label={`Delete ${n.subject}`}>
            Delete
          </Button>
        </div>
        <PanelError message={remove.error} />
      </td>
    </tr>
  );
}

function NewsletterEditor({ newsletter, onDone }: { newsletter: Newsletter | null; onDone: () => void }) {
  const [subject, setSubject] = useState(newsletter?.subject ?? '');
  const [body, setBody] = useState(newsletter?.emailContent ?? '');
  const [status, setStatus] = useState<NewsletterStatus>(newsletter?.status ?? 'Draft');
  const [when, setWhen] = useState(newsletter ? toLocalInput(new Date(newsletter.scheduledAt)) : '');
  const savedWhen = useMemo(() => (newsletter ? toLocalInput(new Date(newsletter.scheduledAt)) : null), [newsletter]);
  const preview = useMemo(() => renderMarkdown(body), [body]);
  const min = useMemo(() => toLocalInput(new Date()), []);
  const [past, setPast] = useState(false);
  const form = useFormCheck();
  const save = useAdminMutation({
    call: (fields: CreateNewsletterBody) =>
      newsletter ? adminApi.editNewsletter({ ...fields, id: newsletter._id }) : adminApi.createNewsletter(fields),
    invalidates: [adminKeys.newsletters],
    onSuccess: onDone,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPast(false);
    if (!subject.trim() || !body.trim() || !when) {
      // Spec §5: this one is the browser's alert.
      browserAlert(ALL_FIELDS_REQUIRED);
      return;
    }
    // Spec §2: the current time is the minimum; an old newsletter may keep the date it has.
    if (when < min && when !== savedWhen) {
      setPast(true);
      return;
    }
    const fields = { subject, emailContent: body, status, scheduledAt: new Date(when).toISOString() };
    const valid = newsletter
      ? await form.check('editNewsletter', { ...fields, id: newsletter._id })
      : await form.check('createNewsletter', fields);
    if (valid) await save.run(fields);
  };

  return (
    <form className="admin-panel admin-editor" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="admin-editor__title">{newsletter ? 'Edit newsletter' : 'New newsletter'}</h2>
      <div className="admin-editor__columns">
        <div className="admin-editor__fields">
          <FormField
            label="Subject"
            value={subject}
            error={form.issueOf('subject')}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextAreaField
            label="Body"
            hint="Markdown: **bold**, _italic_, ## headings, [links](https://…)"
            rows={14}
            value={body}
            error={form.issueOf('emailContent')}
            onChange={(e) => setBody(e.target.value)}
          />
          <SelectField
            label="Status"
            value={status}
            error={form.issueOf('status')}
            onChange={(e) => setStatus(e.target.value as NewsletterStatus)}
          >
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
            error={past ? SEND_AT_IN_THE_PAST : form.issueOf('scheduledAt')}
            onChange={(e) => setWhen(e.target.value)}
          />
        </div>
        <section className="admin-editor__preview" aria-label="Preview">
          <p className="admin-editor__preview-label">Preview</p>
          <h3 className="admin-editor__preview-subject">{subject || 'Subject'}</h3>
          <MarkdownHtml className="admin-markdown" html={preview} />
        </section>
      </div>
      <PanelError message={save.error ?? form.otherIssue(['subject', 'emailContent', 'status', 'scheduledAt'])} />
      <EditorActions disabled={save.pending} onCancel={onDone} />
    </form>
  );
}
