// The Home editor (issue 26 #2): banner slides, 'Effortlessly chic', 'Murashki Girls', category
// tiles, the announcement bar and the /story page, edited as one draft with a preview at phone and
// desktop width, saved whole. The checks are the server's (homeProblems), so a refused field is
// named here before the call, and the server's answer is shown if it still refuses.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { HomeContent } from '../../../contract/content.js';
import { DEFAULT_BANNER_TEXT, homeProblems, MAX_ANNOUNCEMENTS } from '../../../domain/home-content.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { CategoryOptions, PanelError, PanelStatus, SelectField, TextAreaField } from './admin-form.js';
import { EntryActions, moved, PictureField, ProductPicker } from './home/home-fields.js';
import { HomePreview, type PreviewWidth } from './home/home-preview.js';
import { useUnsavedWarning } from './use-unsaved-warning.js';

export default function HomePanel() {
  const home = useQuery(adminQueries.home());
  // The editor starts afresh from each saved home; 'Saved' outlives that fresh start.
  const [justSaved, setJustSaved] = useState(false);
  return (
    <div className="admin-panel">
      <QueryState query={home} empty={null}>
        {(saved) => (
          <HomeEditor key={JSON.stringify(saved)} saved={saved} justSaved={justSaved} onSaved={setJustSaved} />
        )}
      </QueryState>
    </div>
  );
}

type Lists = 'banners' | 'effortlesslyChic' | 'girls' | 'categoryTiles' | 'story' | 'announcements';

function HomeEditor({
  saved,
  justSaved,
  onSaved: setJustSaved,
}: {
  saved: HomeContent;
  justSaved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const [draft, setDraft] = useState<HomeContent>(saved);
  const [checked, setChecked] = useState(false);
  const [previewWidth, setPreviewWidth] = useState<PreviewWidth>('phone');
  const unsaved = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  useUnsavedWarning(unsaved);

  const problems = useMemo(() => homeProblems(draft), [draft]);
  /** A field's problem, shown once the owner has tried to save. */
  const issue = (...path: (string | number)[]) =>
    checked ? problems.find((p) => p.path.join('.') === path.join('.'))?.message : undefined;

  const save = useAdminMutation({
    call: (body: HomeContent) => adminApi.saveHome(body),
    invalidates: [adminKeys.home],
  });

  /** Changes the draft from its latest state (an upload that ends later must not undo another field's change). */
  const change = (next: Partial<HomeContent> | ((d: HomeContent) => Partial<HomeContent>)) => {
    setDraft((d) => ({ ...d, ...(typeof next === 'function' ? next(d) : next) }));
    setJustSaved(false);
  };
  function setEntry<K extends Lists>(list: K, index: number, patch: Partial<HomeContent[K][number]>) {
    change((d) => {
      const entries = d[list] as HomeContent[K][number][];
      const next = entries.map((entry, i) =>
        i === index ? (typeof entry === 'string' ? patch : { ...(entry as object), ...(patch as object) }) : entry,
      );
      return { [list]: next } as Partial<HomeContent>;
    });
  }
  const actions = (list: Lists, name: string, i: number, removable = true) => (
    <EntryActions
      name={name}
      index={i}
      count={draft[list].length}
      removable={removable}
      onMove={(by) => change((d) => ({ [list]: moved(d[list] as unknown[], i, by) }) as Partial<HomeContent>)}
      onRemove={() =>
        change((d) => ({ [list]: (d[list] as unknown[]).filter((_, k) => k !== i) }) as Partial<HomeContent>)
      }
    />
  );

  const submit = async () => {
    setChecked(true);
    if (problems.length > 0) return;
    if (await save.run(draft)) setJustSaved(true);
  };
  const firstProblem = checked ? problems[0]?.message : undefined;

  return (
    <form
      className="home-editor"
      aria-label="Home page"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="home-editor__intro">
        <p className="admin-page__meta">
          What shoppers see first. Sections left empty are not shown. Changes show in the preview and reach the shop
          when you save.
        </p>
      </div>

      <div className="home-editor__layout">
        <div className="home-editor__sections">
          <Section title="Banner slides" hint="Shown full screen, a new slide every 5 seconds.">
            {draft.banners.map((slide, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: every field shows the draft at its place; an entry has no identity but its place
              <Entry key={i} title={`Slide ${i + 1}`} actions={actions('banners', `slide ${i + 1}`, i)}>
                <PictureField
                  label={`Slide ${i + 1} picture above 1024 px`}
                  value={slide.desktop}
                  error={issue('banners', i, 'desktop')}
                  onChange={(desktop) => setEntry('banners', i, { desktop })}
                />
                <PictureField
                  label={`Slide ${i + 1} picture below 1024 px`}
                  value={slide.mobile}
                  error={issue('banners', i, 'mobile')}
                  onChange={(mobile) => setEntry('banners', i, { mobile })}
                />
                <div className="home-editor__row">
                  <FormField
                    label={`Slide ${i + 1} title`}
                    value={slide.title}
                    error={issue('banners', i, 'title')}
                    onChange={(e) => setEntry('banners', i, { title: e.target.value })}
                  />
                  <FormField
                    label={`Slide ${i + 1} button text`}
                    value={slide.buttonText}
                    error={issue('banners', i, 'buttonText')}
                    onChange={(e) => setEntry('banners', i, { buttonText: e.target.value })}
                  />
                </div>
                <div className="home-editor__row">
                  <FormField
                    label={`Slide ${i + 1} link`}
                    hint="A shop path such as /collections, or an https:// address"
                    value={slide.link}
                    error={issue('banners', i, 'link')}
                    onChange={(e) => setEntry('banners', i, { link: e.target.value })}
                  />
                  <FormField
                    label={`Slide ${i + 1} picture description`}
                    hint="For people who cannot see the picture"
                    value={slide.alt}
                    onChange={(e) => setEntry('banners', i, { alt: e.target.value })}
                  />
                </div>
              </Entry>
            ))}
            <PanelError message={issue('banners')} />
            <AddButton
              label="Add slide"
              onClick={() =>
                change({ banners: [...draft.banners, { desktop: '', mobile: '', alt: '', ...DEFAULT_BANNER_TEXT }] })
              }
            />
          </Section>

          <Section title="Effortlessly chic" hint="Pieces to wear every day, each leading to its product page.">
            {draft.effortlesslyChic.map((entry, i) => (
              <Entry
                // biome-ignore lint/suspicious/noArrayIndexKey: every field shows the draft at its place; an entry has no identity but its place
                key={i}
                title={`Effortlessly chic ${i + 1}`}
                actions={actions('effortlesslyChic', `effortlessly chic ${i + 1}`, i)}
              >
                <PictureField
                  label={`Effortlessly chic ${i + 1} picture`}
                  value={entry.picture}
                  error={issue('effortlesslyChic', i, 'picture')}
                  onChange={(picture) => setEntry('effortlesslyChic', i, { picture })}
                />
                <ProductPicker
                  label={`Effortlessly chic ${i + 1} product`}
                  url={entry.url}
                  error={issue('effortlesslyChic', i, 'url')}
                  onChange={({ url, title }) => setEntry('effortlesslyChic', i, { url, title: title || entry.title })}
                />
              </Entry>
            ))}
            <AddButton
              label="Add piece"
              onClick={() =>
                change({ effortlesslyChic: [...draft.effortlesslyChic, { picture: '', url: '', title: '' }] })
              }
            />
          </Section>

          <Section title="Murashki Girls" hint="Customers' photos, each leading to the piece she wears.">
            {draft.girls.map((girl, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: every field shows the draft at its place; an entry has no identity but its place
              <Entry key={i} title={`Murashki Girls ${i + 1}`} actions={actions('girls', `photo ${i + 1}`, i)}>
                <PictureField
                  label={`Photo ${i + 1}`}
                  value={girl.picture}
                  error={issue('girls', i, 'picture')}
                  onChange={(picture) => setEntry('girls', i, { picture })}
                />
                <ProductPicker
                  label={`Photo ${i + 1} product`}
                  url={girl.url}
                  error={issue('girls', i, 'url')}
                  onChange={({ url }) => setEntry('girls', i, { url })}
                />
                <FormField
                  label={`Photo ${i + 1} author handle`}
                  placeholder="@handle"
                  value={girl.handle}
                  error={issue('girls', i, 'handle')}
                  onChange={(e) => setEntry('girls', i, { handle: e.target.value })}
                />
              </Entry>
            ))}
            <AddButton
              label="Add photo"
              onClick={() => change({ girls: [...draft.girls, { picture: '', url: '', handle: '' }] })}
            />
          </Section>

          <Section title="Category tiles" hint="Each tile opens its category's page.">
            <TileFields draft={draft} issue={issue} setEntry={setEntry} actions={actions} />
            <AddButton
              label="Add tile"
              onClick={() => change({ categoryTiles: [...draft.categoryTiles, { key: '', label: '', picture: '' }] })}
            />
          </Section>

          <Section title="Announcement bar" hint="One to three short messages above the header, one every 3 seconds.">
            {draft.announcements.map((message, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: every field shows the draft at its place; an entry has no identity but its place
              <div key={i} className="home-editor__inline">
                <FormField
                  label={`Message ${i + 1}`}
                  value={message}
                  error={issue('announcements', i)}
                  onChange={(e) =>
                    change({ announcements: draft.announcements.map((m, k) => (k === i ? e.target.value : m)) })
                  }
                />
                {actions('announcements', `message ${i + 1}`, i, draft.announcements.length > 1)}
              </div>
            ))}
            <PanelError message={issue('announcements')} />
            {draft.announcements.length < MAX_ANNOUNCEMENTS && (
              <AddButton label="Add message" onClick={() => change({ announcements: [...draft.announcements, ''] })} />
            )}
          </Section>

          <Section title="Story page" hint="The /story page. Left empty, it shows the 'story' info page's text.">
            <FormField
              label="Story title"
              value={draft.storyPage.title}
              placeholder="Our Story"
              onChange={(e) => change({ storyPage: { ...draft.storyPage, title: e.target.value } })}
            />
            <TextAreaField
              label="Story text"
              hint="Markdown; a ## heading starts a new section beside the next picture"
              rows={10}
              value={draft.storyPage.text}
              onChange={(e) => change({ storyPage: { ...draft.storyPage, text: e.target.value } })}
            />
            {draft.story.map((picture, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: every field shows the draft at its place; an entry has no identity but its place
              <div key={i} className="home-editor__inline">
                <PictureField
                  label={`Story picture ${i + 1}`}
                  value={picture}
                  error={issue('story', i)}
                  onChange={(value) => change((d) => ({ story: d.story.map((p, k) => (k === i ? value : p)) }))}
                />
                {actions('story', `story picture ${i + 1}`, i)}
              </div>
            ))}
            <AddButton label="Add story picture" onClick={() => change({ story: [...draft.story, ''] })} />
          </Section>
        </div>

        <aside className="home-editor__preview" aria-label="Preview">
          <div className="home-editor__preview-bar">
            <p className="admin-editor__preview-label">Preview</p>
            <div className="home-editor__switch" role="group" aria-label="Preview width">
              {(['phone', 'desktop'] as const).map((w) => (
                <button
                  key={w}
                  type="button"
                  className="home-editor__switch-button"
                  aria-pressed={previewWidth === w}
                  onClick={() => setPreviewWidth(w)}
                >
                  {w === 'phone' ? 'Phone' : 'Desktop'}
                </button>
              ))}
            </div>
          </div>
          <HomePreview home={draft} width={previewWidth} />
        </aside>
      </div>

      <div className="home-editor__actions">
        <Button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" disabled={!unsaved || save.pending} onClick={() => setDraft(saved)}>
          Discard changes
        </Button>
        <PanelStatus message={justSaved && !unsaved ? 'Saved' : unsaved ? 'Unsaved changes' : null} />
      </div>
      <PanelError
        message={
          firstProblem
            ? `${firstProblem}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`
            : save.error
        }
      />
    </form>
  );
}

function TileFields({
  draft,
  issue,
  setEntry,
  actions,
}: {
  draft: HomeContent;
  issue: (...path: (string | number)[]) => string | undefined;
  setEntry: (list: 'categoryTiles', index: number, patch: Partial<HomeContent['categoryTiles'][number]>) => void;
  actions: (list: Lists, name: string, i: number) => ReactNode;
}) {
  const categories = useQuery(adminQueries.categories());
  return (
    <>
      {draft.categoryTiles.map((tile, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: every field shows the draft at its place; an entry has no identity but its place
        <Entry key={i} title={`Category tile ${i + 1}`} actions={actions('categoryTiles', `tile ${i + 1}`, i)}>
          <div className="home-editor__row">
            <FormField
              label={`Tile ${i + 1} label`}
              value={tile.label}
              error={issue('categoryTiles', i, 'label')}
              onChange={(e) => setEntry('categoryTiles', i, { label: e.target.value })}
            />
            <SelectField
              label={`Tile ${i + 1} category`}
              value={tile.key}
              error={issue('categoryTiles', i, 'key')}
              onChange={(e) => setEntry('categoryTiles', i, { key: e.target.value })}
            >
              <CategoryOptions categories={categories.data ?? []} current={tile.key} />
            </SelectField>
          </div>
          <PictureField
            label={`Tile ${i + 1} picture`}
            value={tile.picture}
            error={issue('categoryTiles', i, 'picture')}
            onChange={(picture) => setEntry('categoryTiles', i, { picture })}
          />
        </Entry>
      ))}
    </>
  );
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <section className="admin-card home-editor__section" aria-label={title}>
      <div>
        <h3 className="admin-card__title">{title}</h3>
        <p className="field__hint">{hint}</p>
      </div>
      {children}
    </section>
  );
}

function Entry({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="home-editor__entry">
      <div className="home-editor__entry-head">
        <legend className="home-editor__entry-title">{title}</legend>
        {actions}
      </div>
      {children}
    </fieldset>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="secondary" className="home-editor__add" onClick={onClick}>
      + {label}
    </Button>
  );
}
