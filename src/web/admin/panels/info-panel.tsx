// Info pages editor (spec §2, §4): the list of titles, click to edit, Create New. The page name is
// the address /info/{page_name}; it is fixed once the page exists.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { InfoPageEdit } from '../../../contract/content.js';
import { renderMarkdown } from '../../../domain/markdown.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi, messageOf } from '../admin-api.js';
import { PanelStatus, TextAreaField } from './admin-form.js';

const BLANK: InfoPageEdit = { page_name: '', title: '', text: '' };

export default function InfoPanel() {
  const [pages, setPages] = useState<InfoPageEdit[] | null>(null);
  /** `justSaved`: the editor opens showing 'Saved' (a created page reopens in edit mode). */
  const [selected, setSelected] = useState<{ mode: 'create' | 'edit'; page: InfoPageEdit; justSaved?: boolean } | null>(
    null,
  );
  /** Counts Create New clicks: each one keys a fresh editor, so an abandoned or refused draft is not kept. */
  const [creations, setCreations] = useState(0);

  const reload = useCallback(async () => {
    try {
      setPages(await adminApi.getAllInfo());
    } catch (err) {
      window.alert(messageOf(err));
    }
  }, []);
  useEffect(() => void reload(), [reload]);

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
        <ul>
          {(pages ?? []).map((p) => (
            <li key={p.page_name}>
              <button
                type="button"
                className="admin-split__item"
                aria-current={selected?.mode === 'edit' && selected.page.page_name === p.page_name ? 'true' : undefined}
                onClick={() => setSelected({ mode: 'edit', page: p })}
              >
                {p.title}
                <span className="admin-split__sub">/info/{p.page_name}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-split__detail">
        {selected ? (
          <InfoEditor
            key={selected.mode === 'create' ? `create:${creations}` : `edit:${selected.page.page_name}`}
            mode={selected.mode}
            page={selected.page}
            justSaved={selected.justSaved ?? false}
            onSaved={async (page) => {
              await reload();
              setSelected({ mode: 'edit', page, justSaved: true });
            }}
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
  onSaved: (page: InfoPageEdit) => Promise<void>;
}) {
  const [draft, setDraft] = useState(page);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(justSaved);
  const preview = useMemo(() => renderMarkdown(draft.text), [draft.text]);
  const set = (patch: Partial<InfoPageEdit>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const { page: result } = mode === 'create' ? await adminApi.createInfo(draft) : await adminApi.updateInfo(draft);
      setSaved(true);
      await onSaved(result);
    } catch (err) {
      window.alert(messageOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="admin-editor" onSubmit={(e) => void save(e)} noValidate>
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
            readOnly={mode === 'edit'}
            onChange={(e) => set({ page_name: e.target.value })}
          />
          <FormField label="Title" value={draft.title} onChange={(e) => set({ title: e.target.value })} />
          <TextAreaField
            label="Text"
            hint="Markdown"
            rows={16}
            value={draft.text}
            onChange={(e) => set({ text: e.target.value })}
          />
        </div>
        <section className="admin-editor__preview" aria-label="Preview">
          <p className="admin-editor__preview-label">Preview</p>
          <h3 className="admin-editor__preview-subject">{draft.title || 'Title'}</h3>
          <div className="admin-markdown" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      </div>
      <div className="admin-editor__actions">
        <Button type="submit" disabled={saving}>
          Save
        </Button>
        <PanelStatus message={saved ? 'Saved' : null} />
      </div>
    </form>
  );
}
