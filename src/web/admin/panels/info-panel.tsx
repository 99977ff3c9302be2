// Info pages editor (spec §2, §4): the list of titles, click to edit, Create New, Delete (issue 26).
// The page name is the address /info/{page_name}; it is fixed once the page exists. Below the editor,
// which pages the storefront footer lists (issue 26): a checkbox per page, saved together.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
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
import { useUnsavedWarning } from './use-unsaved-warning.js';
import { MarkdownHtml } from '../../ui/markdown-html.js';

const BLANK: InfoPageEdit = { page_name: '', title: '', text: '' };

/** The footer's links as the storefront shows them; read again after a page is deleted or the choice saved. */
const footerKey = ['admin', 'footer-links'] as const;
const footerQuery = () => ({ queryKey: footerKey, queryFn: adminApi.getFooterLinks });

export const deleteInfoQuestion = (title: string, pageName: string) =>
  `Delete the page "${title}"? /info/${pageName} will answer 'Page not found', and the footer will no longer list it.`;

export default function InfoPanel() {
  const pages = useQuery(adminQueries.infoPages());
  /** `justSaved`: the editor opens showing 'Saved' (a created page reopens in edit mode). */
  const [selected, setSelected] = useState<{ mode: 'create' | 'edit'; page: InfoPageEdit; justSaved?: boolean } | null>(
    null,
  );
  /** Counts Create New clicks: each one keys a fresh editor, so an abandoned or refused draft is not kept. */
  const [creations, setCreations] = useState(0);
  const [deleted, setDeleted] = useState<string | null>(null);

  return (
    <>
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
              onDeleted={(page) => {
                setSelected(null);
                setDeleted(page.title);
              }}
            />
          ) : (
            <>
              <PanelStatus message={deleted ? `Deleted "${deleted}"` : null} />
              <p className="admin-panel__empty">Choose a page to edit, or create a new one.</p>
            </>
          )}
        </div>
      </div>
      <QueryState query={pages} empty={null}>
        {(list) => <FooterLinksEditor pages={list} />}
      </QueryState>
    </>
  );
}

function InfoEditor({
  mode,
  page,
  justSaved,
  onSaved,
  onDeleted,
}: {
  mode: 'create' | 'edit';
  page: InfoPageEdit;
  justSaved: boolean;
  onSaved: (page: InfoPageEdit) => void;
  onDeleted: (page: InfoPageEdit) => void;
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
  const remove = useAdminMutation({
    call: (name: string) => adminApi.deleteInfo(name),
    invalidates: [adminKeys.infoPages, footerKey],
    onSuccess: () => onDeleted(page),
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
        {mode === 'edit' && (
          <Button
            variant="ghost"
            className="info-editor__delete"
            disabled={remove.pending || save.pending}
            onClick={() => {
              if (window.confirm(deleteInfoQuestion(page.title, page.page_name))) void remove.run(page.page_name);
            }}
          >
            Delete
          </Button>
        )}
      </div>
      <PanelError message={form.otherIssue(['page_name', 'title', 'text']) ?? remove.error} />
    </form>
  );
}

/** Which info pages the storefront footer lists: a checkbox per page, saved together, in the order chosen. */
function FooterLinksEditor({ pages }: { pages: { page_name: string; title: string }[] }) {
  const current = useQuery(footerQuery());
  const headingId = useId();
  /** The owner's edits since the last save (null: none, the footer as it is). */
  const [draft, setDraft] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const listed = draft ?? current.data?.map((l) => l.page_name) ?? [];
  useUnsavedWarning(draft !== null);
  const save = useAdminMutation({
    call: (names: string[]) => adminApi.saveFooterLinks(names),
    invalidates: [footerKey],
    onSuccess: () => {
      setDraft(null);
      setSaved(true);
    },
  });
  const toggle = (name: string, on: boolean) => {
    // A page newly chosen goes last; the others keep their place.
    setDraft(on ? [...listed.filter((n) => n !== name), name] : listed.filter((n) => n !== name));
    setSaved(false);
  };

  return (
    <section className="admin-panel info-footer" aria-labelledby={headingId}>
      <div>
        <h2 className="admin-editor__title" id={headingId}>
          Footer
        </h2>
        <p className="admin-panel__lede">The info pages the shop's footer lists, in the order you tick them.</p>
      </div>
      <QueryState query={current} empty={null} isEmpty={() => false}>
        {() => (
          <form
            className="info-footer__form"
            onSubmit={(event) => {
              event.preventDefault();
              void save.run(listed);
            }}
          >
            <ul className="info-footer__pages">
              {pages.map((p) => {
                const at = listed.indexOf(p.page_name);
                return (
                  <li key={p.page_name}>
                    <label className="info-footer__page">
                      <input
                        type="checkbox"
                        checked={at >= 0}
                        onChange={(e) => toggle(p.page_name, e.target.checked)}
                      />
                      <span>
                        {p.title}
                        <span className="admin-split__sub"> /info/{p.page_name}</span>
                      </span>
                      {at >= 0 && <span className="info-footer__order">{at + 1}</span>}
                    </label>
                  </li>
                );
              })}
            </ul>
            <div className="admin-editor__actions">
              <Button type="submit" variant="secondary" disabled={save.pending || draft === null}>
                Update footer
              </Button>
              <PanelStatus message={saved ? 'Footer updated' : null} />
            </div>
            <PanelError message={save.error} />
          </form>
        )}
      </QueryState>
    </section>
  );
}
