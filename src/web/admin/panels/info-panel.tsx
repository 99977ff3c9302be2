// Info pages editor (spec §2, §4): the list of titles, click to edit, Create New. The page name is
// the address /info/{page_name}; it is fixed once the page exists.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { InfoPageEdit } from '../../../contract/content.js';
import { renderMarkdown } from '../../../domain/markdown.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { useFormCheck } from '../queries/form-check.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { PanelError, PanelStatus, TextAreaField } from './admin-form.js';
import { MarkdownHtml } from '../../ui/markdown-html.js';

const BLANK: InfoPageEdit = { page_name: '', title: '', text: '' };

export default function InfoPanel() {
  const pages = useQuery(adminQueries.infoPages());
  /** `justSaved`: the editor opens showing 'Saved' (a created page reopens in edit mode). */
  const [selected, setSelected] = useState<{ mode: 'create' | 'edit'; page: InfoPageEdit; justSaved?: boolean } | null>(
    null,
  );
  /** Counts Create New clicks: each one keys a fresh editor, so an abandoned or refused draft is not kept. */
  const [creations, setCreations] = useState(0);

  return (
    <div className="admin-panel admin-split">
      <nav className="admin-split__list" aria-label="Info pages">
        <Button
          block
          variant="secondary"
          onClick={() => {
            setCreations((n) => n + 1);
            setSelected({ mode: 'create', page: BLANK });
          }}
        >
          Create New
        </Button>
        <QueryState query={pages} empty={null}>
          {(list) => (
            <ul>
              {list.map((p) => (
                <li key={p.page_name}>
                  <button
                    type="button"
                    className="admin-split__item"
                    aria-current={
                      selected?.mode === 'edit' && selected.page.page_name === p.page_name ? 'true' : undefined
                    }
                    onClick={() => setSelected({ mode: 'edit', page: p })}
                  >
                    {p.title}
                    <span className="admin-split__sub">/info/{p.page_name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </nav>
      <div className="admin-split__detail">
        {selected ? (
          <InfoEditor
            key={selected.mode === 'create' ? `create:${creations}` : `edit:${selected.page.page_name}`}
            mode={selected.mode}
            page={selected.page}
            justSaved={selected.justSaved ?? false}
            onSaved={(page) => setSelected({ mode: 'edit', page, justSaved: true })}
          />
        ) : (
          <p className="admin-panel__empty">Choose a page to edit, or create a new one.</p>
        )}
      </div>
    </div>
  );
}

function InfoEditor({
  mode,
  page,
  justSaved,
  onSaved,
}: {
  mode: 'create' | 'edit';
  page: InfoPageEdit;
  justSaved: boolean;
  onSaved: (page: InfoPageEdit) => void;
}) {
  const [draft, setDraft] = useState(page);
  const [saved, setSaved] = useState(justSaved);
  const form = useFormCheck();
  // A refused page (a taken name) answers with the browser's alert, as the content journey expects.
  const save = useAdminMutation({
    call: (body: InfoPageEdit) => (mode === 'create' ? adminApi.createInfo(body) : adminApi.updateInfo(body)),
    invalidates: [adminKeys.infoPages],
    onSuccess: ({ page: result }) => {
      setSaved(true);
      onSaved(result);
    },
    errorIn: 'browser alert',
  });
  const preview = useMemo(() => renderMarkdown(draft.text), [draft.text]);
  const set = (patch: Partial<InfoPageEdit>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.check('infoPage', draft)) await save.run(draft);
  };

  return (
    <form className="admin-editor" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="admin-editor__title">{mode === 'create' ? 'New info page' : draft.title || page.title}</h2>
      <div className="admin-editor__columns">
        <div className="admin-editor__fields">
          <FormField
            label="Page name"
            hint={
              mode === 'create'
                ? 'Lowercase words joined by hyphens; the page lives at /info/page-name'
                : `The page lives at /info/${page.page_name}`
            }
            value={draft.page_name}
            error={form.issueOf('page_name')}
            readOnly={mode === 'edit'}
            onChange={(e) => set({ page_name: e.target.value })}
          />
          <FormField
            label="Title"
            value={draft.title}
            error={form.issueOf('title')}
            onChange={(e) => set({ title: e.target.value })}
          />
          <TextAreaField
            label="Text"
            hint="Markdown"
            rows={16}
            value={draft.text}
            error={form.issueOf('text')}
            onChange={(e) => set({ text: e.target.value })}
          />
        </div>
        <section className="admin-editor__preview" aria-label="Preview">
          <p className="admin-editor__preview-label">Preview</p>
          <h3 className="admin-editor__preview-subject">{draft.title || 'Title'}</h3>
          <MarkdownHtml className="admin-markdown" html={preview} />
        </section>
      </div>
      <div className="admin-editor__actions">
        <Button type="submit" disabled={save.pending}>
          Save
        </Button>
        <PanelStatus message={saved ? 'Saved' : null} />
      </div>
      <PanelError message={form.otherIssue(['page_name', 'title', 'text'])} />
    </form>
  );
}
