// The bulk editor (/bulk/admin): every item in one table with inline published, position,
// promotion position, category and prices; one Save sends every changed row together (all or
// nothing, each refused row marked with why). Below it the catalog as CSV: export, and import with
// the server's per-line report.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { AdminItem, BulkImportAnswer, BulkRow, RowError } from '../../../contract/admin-catalog.js';
import { EXISTING_ITEMS_LIMIT } from '../../../domain/catalog-names.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi, BulkRefused } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import {
  AdminTable,
  CategoryOptions,
  CountField,
  PanelError,
  PanelStatus,
  SwitchField,
  TitleSearchField,
} from './admin-form.js';
import { useUnsavedWarning } from './use-unsaved-warning.js';

type RowDraft = {
  published: boolean;
  position: string;
  promotion_position: string;
  category: string;
  prices: Record<string, string>;
};

const draftOf = (item: AdminItem): RowDraft => ({
  published: item.published,
  position: String(item.position),
  promotion_position: String(item.promotion_position),
  category: item.category ?? '',
  prices: Object.fromEntries(item.available_products.map((p) => [p.type, String(p.price)])),
});

const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The fields of a row that differ from the saved item; null when nothing changed. */
export function changedRow(item: AdminItem, draft: RowDraft): BulkRow | null {
  const row: BulkRow = { _id: item._id };
  if (draft.published !== item.published) row.published = draft.published;
  if (num(draft.position) !== item.position) row.position = num(draft.position);
  if (num(draft.promotion_position) !== item.promotion_position) row.promotion_position = num(draft.promotion_position);
  if (draft.category !== (item.category ?? '')) row.category = draft.category || null;
  const prices = item.available_products
    .filter((p) => num(draft.prices[p.type] ?? '') !== p.price)
    .map((p) => ({ type: p.type, price: num(draft.prices[p.type] ?? '') }));
  if (prices.length > 0) row.prices = prices;
  return Object.keys(row).length > 1 ? row : null;
}

/** The owner's edits of the rows of one loaded page, and why the server refused rows of it. */
type Edits = { page: AdminItem[] | undefined; drafts: Record<string, RowDraft>; rowErrors: Record<string, string[]> };

export function BulkEditorPage() {
  const [search, setSearch] = useState('');
  // The server answers EXISTING_ITEMS_LIMIT items a page, found by title on the server.
  const [query, setQuery] = useState({ term: '', page: 0 });
  const loaded = useQuery({ ...adminQueries.itemsPage(query.term, query.page), placeholderData: keepPreviousData });
  const categories = useQuery(adminQueries.categories()).data ?? [];
  const items = loaded.data ?? null;
  // Edits belong to the page they were made on: a newly loaded page starts with none.
  const [edits, setEdits] = useState<Edits>({ page: undefined, drafts: {}, rowErrors: {} });
  const current = edits.page === loaded.data ? edits : { page: loaded.data, drafts: {}, rowErrors: {} };
  const drafts: Record<string, RowDraft> = Object.fromEntries(
    (items ?? []).map((i) => [i._id, current.drafts[i._id] ?? draftOf(i)]),
  );
  const rowErrors = current.rowErrors;
  const discard = () => setEdits({ page: undefined, drafts: {}, rowErrors: {} });
  const [status, setStatus] = useState<string | null>(null);

  const changes = items ? items.flatMap((i) => (drafts[i._id] ? (changedRow(i, drafts[i._id]!) ?? []) : [])) : [];
  const changedIds = new Set(changes.map((r) => r._id));
  useUnsavedWarning(changes.length > 0);

  const edit = (id: string, change: Partial<RowDraft>) => {
    const row = drafts[id];
    if (!row) return;
    setEdits({ ...current, drafts: { ...current.drafts, [id]: { ...row, ...change } } });
    setStatus(null);
  };

  const save = useAdminMutation({
    call: (rows: BulkRow[]) => adminApi.bulkUpdate(rows),
    invalidates: [adminKeys.items],
    onSuccess: (answer) => {
      discard();
      setStatus(answer.updated === 1 ? 'Saved 1 item' : `Saved ${answer.updated} items`);
    },
    onError: (err) => {
      if (err instanceof BulkRefused) {
        setEdits({ ...current, rowErrors: Object.fromEntries(err.rows.map((r: RowError) => [r._id, r.errors])) });
      }
    },
  });
  const saving = save.pending;
  const startSave = () => {
    setStatus(null);
    void save.run(changes);
  };

  const term = query.term;
  const shown = items ?? [];
  const lastPage = shown.length < EXISTING_ITEMS_LIMIT;
  const pageCount = (page: number) => setQuery((q) => ({ ...q, page }));

  return (
    <div className="admin-panel admin-bulk">
      <h1 className="admin-page__title">Bulk edit</h1>
      <div className="admin-panel__bar">
        <form
          className="admin-inline"
          onSubmit={(e) => {
            e.preventDefault();
            if (changes.length === 0) setQuery({ term: search.trim(), page: 0 });
          }}
        >
          <TitleSearchField value={search} onChange={setSearch} />
          <Button type="submit" variant="secondary" disabled={changes.length > 0}>
            Search
          </Button>
        </form>
        {items && (
          <p className="admin-panel__lede">
            {items.length === 0
              ? 'No items'
              : `Items ${query.page * EXISTING_ITEMS_LIMIT + 1}–${query.page * EXISTING_ITEMS_LIMIT + items.length}`}
          </p>
        )}
        <nav className="admin-inline" aria-label="Pages">
          <Button
            variant="secondary"
            disabled={query.page === 0 || changes.length > 0}
            onClick={() => pageCount(query.page - 1)}
          >
            Previous page
          </Button>
          <Button
            variant="secondary"
            disabled={lastPage || changes.length > 0}
            onClick={() => pageCount(query.page + 1)}
          >
            Next page
          </Button>
        </nav>
        {changes.length > 0 && (
          <p className="admin-panel__lede">Save or undo the changes on this page before searching or changing page.</p>
        )}
      </div>
      <QueryState query={loaded} empty={term ? 'No Search Results' : 'No items yet.'}>
        {() => (
          <AdminTable
            className="admin-bulk__table"
            columns={['Item', 'Published', 'Position', 'Promotion position', 'Category', 'Prices ($)']}
          >
            {shown.map((item) => {
              const d = drafts[item._id];
              if (!d) return null;
              const errors = rowErrors[item._id];
              return (
                <tr
                  key={item._id}
                  className={changedIds.has(item._id) ? 'admin-bulk__row admin-bulk__row--changed' : 'admin-bulk__row'}
                  aria-label={item.title}
                >
                  <th scope="row" className="admin-bulk__title">
                    <a href={`/product/${item.url}`} target="_blank" rel="noreferrer">
                      {item.title}
                    </a>
                    {errors && (
                      <ul className="admin-bulk__errors" role="alert">
                        {errors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    )}
                  </th>
                  <td>
                    <SwitchField
                      className="admin-check"
                      checked={d.published}
                      onChange={(published) => edit(item._id, { published })}
                    >
                      <span className="visually-hidden">Published: {item.title}</span>
                    </SwitchField>
                  </td>
                  <td>
                    <FormField
                      label={`Position of ${item.title}`}
                      hideLabel
                      type="number"
                      step={1}
                      className="admin-bulk__number"
                      value={d.position}
                      onChange={(e) => edit(item._id, { position: e.target.value })}
                    />
                  </td>
                  <td>
                    <CountField
                      label={`Promotion position of ${item.title}`}
                      className="admin-bulk__number"
                      value={d.promotion_position}
                      onChange={(e) => edit(item._id, { promotion_position: e.target.value })}
                    />
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`bulk-category-${item._id}`}>
                      Category of {item.title}
                    </label>
                    <select
                      id={`bulk-category-${item._id}`}
                      className="field__input admin-bulk__select"
                      value={d.category}
                      onChange={(e) => edit(item._id, { category: e.target.value })}
                    >
                      <CategoryOptions categories={categories} current={d.category} />
                    </select>
                  </td>
                  <td>
                    {item.available_products.length === 0 ? (
                      <span className="admin-table__note">—</span>
                    ) : (
                      <div className="admin-bulk__prices">
                        {item.available_products.map((p) => (
                          <FormField
                            key={p.type}
                            label={`${p.type}`}
                            aria-label={`Price of ${p.type} for ${item.title}`}
                            type="number"
                            min={0}
                            step="0.01"
                            inputMode="decimal"
                            className="admin-bulk__number"
                            value={d.prices[p.type] ?? ''}
                            onChange={(e) => edit(item._id, { prices: { ...d.prices, [p.type]: e.target.value } })}
                          />
                        ))}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </QueryState>
      <div className="admin-editor__actions admin-bulk__save">
        <Button disabled={changes.length === 0 || saving} onClick={startSave}>
          Save
        </Button>
        <span className="admin-panel__lede">
          {changes.length === 0
            ? 'No changes'
            : changes.length === 1
              ? '1 item changed'
              : `${changes.length} items changed`}
        </span>
        {changes.length > 0 && (
          <Button variant="ghost" onClick={discard}>
            Discard changes
          </Button>
        )}
        <PanelStatus message={status} />
      </div>
      <PanelError message={save.error} />
      <CsvSection onImported={discard} />
    </div>
  );
}

function CsvSection({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [report, setReport] = useState<BulkImportAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useAdminMutation({
    call: ({ chosen, checkOnly }: { chosen: File; checkOnly: boolean }) => adminApi.bulkImport(chosen, checkOnly),
    // A check changes nothing; an import may have changed every list of items.
    invalidates: (answer) => (answer.dryRun ? [] : [adminKeys.items]),
    onSuccess: (answer) => {
      setReport(answer);
      if (!answer.dryRun) {
        setFile(null);
        if (input.current) input.current.value = '';
        onImported();
      }
    },
  });
  const pending = upload.pending;
  const startUpload = () => {
    if (!file) return;
    setReport(null);
    void upload.run({ chosen: file, checkOnly: dryRun });
  };

  return (
    <section className="admin-card admin-bulk__csv" aria-labelledby="bulk-csv-title">
      <h2 id="bulk-csv-title" className="admin-card__title">
        CSV
      </h2>
      <p className="admin-panel__lede">
        One line per item, product type, colour and size. Import adds and updates items; it never removes any.
      </p>
      <div className="admin-inline">
        <a className="button button--secondary" href={adminApi.bulkExportUrl} download="catalog.csv">
          Export CSV
        </a>
      </div>
      <div className="admin-inline admin-bulk__import">
        <div className="field">
          <label className="field__label" htmlFor="bulk-csv-file">
            CSV file to import
          </label>
          <input
            ref={input}
            id="bulk-csv-file"
            type="file"
            accept=".csv,text/csv"
            className="field__input"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />
          <span>Check only (save nothing)</span>
        </label>
        <Button disabled={!file || pending} onClick={startUpload}>
          {pending ? 'Importing…' : 'Import'}
        </Button>
      </div>
      <PanelError message={upload.error} />
      {report && (
        <div className="admin-bulk__report" role="status" aria-label="Import report">
          <p>
            {report.dryRun ? 'Checked, nothing saved: ' : ''}
            {report.acceptedLines} {report.acceptedLines === 1 ? 'line' : 'lines'} accepted · {report.created} created ·{' '}
            {report.updated} updated · {report.refused.length} refused
          </p>
          {report.refused.length > 0 && (
            <ul className="admin-bulk__refused" aria-label="Refused lines">
              {report.refused.map((r) => (
                <li key={r.line}>
                  <span className="admin-table__strong">Line {r.line}</span>
                  <code className="admin-avail__link">{r.item}</code>
                  <span>{r.errors.join('; ')}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
