// The Demand tab (issue 28 #3): the sizes shoppers wait for (sold-out ones first), each with 'Send
// notice' to everyone waiting once it is restocked; and the sizes about to run out, lowest first, whose
// stock is edited in place. Owner and staff. The notice is the existing sendBackInStockNotification
// (one per shopper, as the size editor sends it); the stock is setStock, one size, never over an order.
// A row shows what was done to it and stays where it is while the owner works down the list; the lists
// are read and sorted again when the tab is opened again or 'Refresh' is pressed.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { LowStockRow, WaitingRow } from '../../../../contract/demand.js';
import { DEMAND_LIST_LIMIT } from '../../../../contract/values/demand.js';
import { isPlainImage, previewOf } from '../../../../domain/pictures.js';
import { Button } from '../../../ui/button.js';
import { FormField } from '../../../ui/form-field.js';
import { adminApi, messageOf } from '../../admin-api.js';
import { adminKeys } from '../../queries/admin-queries.js';
import { QueryState } from '../../queries/query-state.js';
import { useAdminMutation } from '../../queries/use-admin-mutation.js';
import { PanelError, PanelStatus } from '../admin-form.js';
import { demandApi, demandKey } from './demand-api.js';
import { stockBody } from './demand-stock.js';
import './demand-panel.css';

/** What a send or a stock change makes stale elsewhere (not this tab's lists: their rows keep their place). */
const SENT_CHANGES = [adminKeys.itemSubscriptions, adminKeys.restockDemand, adminKeys.subscriptions];
const STOCK_CHANGES = [adminKeys.items, adminKeys.itemSubscriptions];

const shoppers = (n: number) => (n === 1 ? '1 shopper' : `${n} shoppers`);

/** What the owner did to a size on this screen (both lists show it): its stock saved, its notices sent. */
type Done = { stock?: number; notified?: number };
type DoneBySize = { get: (key: string) => Done; set: (key: string, done: Done) => void };

export default function DemandPanel() {
  const [doneMap, setDoneMap] = useState<ReadonlyMap<string, Done>>(new Map());
  const done: DoneBySize = {
    get: (key) => doneMap.get(key) ?? {},
    set: (key, next) => setDoneMap((map) => new Map(map).set(key, { ...map.get(key), ...next })),
  };
  const [search, setSearch] = useState('');
  /** The search sent, and each list's page (0-based). */
  const [term, setTerm] = useState('');
  const [waitingPage, setWaitingPage] = useState(0);
  const [lowPage, setLowPage] = useState(0);
  const demand = useQuery({
    queryKey: [...demandKey, term, waitingPage, lowPage],
    queryFn: () => demandApi.read({ search: term, waitingPage, lowPage }),
    placeholderData: keepPreviousData,
  });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setWaitingPage(0);
    setLowPage(0);
    if (search === term) void demand.refetch();
    else setTerm(search);
  };

  return (
    <div className="admin-panel demand">
      <div className="demand__intro">
        <p className="admin-panel__lede">
          What shoppers are waiting for, and what is about to run out. Restock a size, then send its notice: each
          shopper waiting gets one email.
        </p>
        <search>
          <form className="admin-inline" onSubmit={onSearch}>
            <FormField
              label="Item title"
              hideLabel
              placeholder="Item title"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Button type="submit" variant="secondary">
              Find
            </Button>
            <Button variant="ghost" disabled={demand.isFetching} onClick={() => void demand.refetch()}>
              {demand.isFetching ? 'Refreshing…' : 'Refresh'}
            </Button>
          </form>
        </search>
      </div>
      <QueryState query={demand} empty={null}>
        {({ waiting, lowStock }) => (
          <>
            <section className="demand__section" aria-labelledby="demand-waiting-title">
              <div className="demand__head">
                <h2 id="demand-waiting-title" className="demand__title">
                  Waiting for a size
                </h2>
                <p className="demand__note">Sold-out sizes first, then the most wanted.</p>
              </div>
              {waiting.rows.length === 0 ? (
                <p className="admin-panel__empty">
                  {term ? 'No item with this title has shoppers waiting.' : 'Nobody is waiting for a size.'}
                </p>
              ) : (
                <ul className="demand__list">
                  {waiting.rows.map((row) => (
                    <li key={rowKey(row)}>
                      <WaitingCard row={row} done={done} />
                    </li>
                  ))}
                </ul>
              )}
              <ListPages
                label="Pages of sizes waited for"
                page={waitingPage}
                total={waiting.total}
                onPage={setWaitingPage}
              />
            </section>

            <section className="demand__section" aria-labelledby="demand-low-title">
              <div className="demand__head">
                <h2 id="demand-low-title" className="demand__title">
                  Low stock
                </h2>
                <p className="demand__note">
                  Sizes with {lowStock.threshold === 1 ? '1 piece' : `${lowStock.threshold} pieces`} or fewer in stock,
                  lowest first. The level is set in Settings › Reports and reminders.
                </p>
              </div>
              {lowStock.rows.length === 0 ? (
                <p className="admin-panel__empty">
                  {term ? 'No item with this title is running low.' : 'No size is running low.'}
                </p>
              ) : (
                <ul className="demand__list">
                  {lowStock.rows.map((row) => (
                    <li key={rowKey(row)}>
                      <LowStockCard row={row} done={done} />
                    </li>
                  ))}
                </ul>
              )}
              <ListPages label="Pages of low stock" page={lowPage} total={lowStock.total} onPage={setLowPage} />
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

const rowKey = (r: WaitingRow | LowStockRow) => [r.itemId, r.product_type, r.color, r.size].join('\u0000');

/** A list's pages: which rows are shown of how many, with Previous / Next when there is more than a page. */
function ListPages({
  label,
  page,
  total,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  if (total <= DEMAND_LIST_LIMIT && page === 0) return null;
  const from = page * DEMAND_LIST_LIMIT + 1;
  const to = Math.min(total, (page + 1) * DEMAND_LIST_LIMIT);
  return (
    <nav className="demand__pages" aria-label={label}>
      <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="demand__note">{total === 0 ? 'None left' : `${from}–${to} of ${total}`}</span>
      <Button variant="secondary" disabled={to >= total} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** The piece: picture, title (opens the product page) and what it is. */
function Piece({ row }: { row: WaitingRow | LowStockRow }) {
  return (
    <div className="demand__piece">
      {row.picture && isPlainImage(row.picture) ? (
        <img className="demand__picture" src={previewOf(row.picture)} alt="" width={56} height={84} loading="lazy" />
      ) : (
        <span className="demand__picture" aria-hidden="true" />
      )}
      <div>
        <a className="demand__item" href={`/product/${row.url}`} target="_blank" rel="noreferrer">
          {row.title}
        </a>
        <p className="demand__what">
          {row.product_name} · {row.color} · <span className="demand__size">{row.size}</span>
        </p>
      </div>
    </div>
  );
}

/** A size's stock as it is now: as read, or as the owner just saved it. */
type StockNow = { stock: number | null; soldOut: boolean };
const stockOf = (row: WaitingRow | LowStockRow, saved: number | undefined): StockNow =>
  saved === undefined ? { stock: row.stock, soldOut: row.soldOut } : { stock: saved, soldOut: saved === 0 };

function StockState({ offered, now }: { offered: boolean; now: StockNow }) {
  if (!offered) return <span className="admin-tag">No longer offered</span>;
  if (now.soldOut) return <span className="admin-tag admin-tag--warning">Sold out</span>;
  return (
    <span className="admin-tag admin-tag--success">{now.stock === null ? 'On sale' : `${now.stock} in stock`}</span>
  );
}

function WaitingCard({ row, done: doneBySize }: { row: WaitingRow; done: DoneBySize }) {
  const [done, setDone] = useState<string | null>(null);
  const [failures, setFailures] = useState<string | null>(null);
  const key = rowKey(row);
  const { stock: saved, notified = 0 } = doneBySize.get(key);
  const setSaved = (stock: number) => doneBySize.set(key, { stock });
  const now = stockOf(row, saved);
  const waiting = Math.max(0, row.waiting - notified);
  const label = `${row.title}, ${row.color}, ${row.size}`;

  /** One notice per shopper waiting, as the size editor sends them; a size still sold out stops at the first. */
  const send = useAdminMutation({
    call: async () => {
      const { filteredSubscriptions } = await adminApi.getItemSubscriptions({
        url: row.url,
        sizeName: row.size,
        product_type: row.product_type,
        color: row.color,
      });
      const failed: string[] = [];
      for (const { email } of filteredSubscriptions) {
        try {
          await adminApi.sendBackInStockNotification({
            url: row.url,
            email,
            size: row.size,
            product_type: row.product_type,
            product_name: row.product_name,
            color: row.color,
            ...(row.picture ? { picture: row.picture } : {}),
          });
        } catch (err) {
          // 'This size is still sold out' holds for everyone: said once, nobody else tried.
          if (failed.length === 0 && /sold out/i.test(messageOf(err))) throw err;
          failed.push(`${email}: ${messageOf(err)}`);
        }
      }
      return { sent: filteredSubscriptions.length - failed.length, failed };
    },
    invalidates: SENT_CHANGES,
    onSuccess: ({ sent, failed }) => {
      // Whoever was not waiting any more (notified from elsewhere) is no longer counted either.
      doneBySize.set(key, { notified: row.waiting - failed.length });
      setDone(sent > 0 ? `Notice sent to ${shoppers(sent)}.` : failed.length ? null : 'Nobody is waiting any more.');
      setFailures(failed.length ? `Not sent to ${failed.join('; ')}` : null);
    },
  });

  return (
    <article className="demand__row" aria-label={label}>
      <Piece row={row} />
      <p className="demand__count">
        <strong>{waiting}</strong> <span>waiting</span>
      </p>
      <div className="demand__stock">
        <StockState offered={row.offered} now={now} />
        {row.offered && <StockEditor row={row} label={label} stock={now.stock} onSaved={setSaved} />}
      </div>
      <div className="demand__act">
        <Button
          variant={now.soldOut ? 'secondary' : 'primary'}
          disabled={send.pending || !row.offered || waiting === 0}
          aria-label={`Send notice: ${label}`}
          onClick={() => {
            setDone(null);
            setFailures(null);
            void send.run();
          }}
        >
          {send.pending ? 'Sending…' : 'Send notice'}
        </Button>
        <PanelStatus message={done} />
        <PanelError message={send.error ?? failures} />
      </div>
    </article>
  );
}

function LowStockCard({ row, done }: { row: LowStockRow; done: DoneBySize }) {
  const key = rowKey(row);
  const { stock: saved, notified = 0 } = done.get(key);
  const setSaved = (stock: number) => done.set(key, { stock });
  const now = stockOf(row, saved);
  const waiting = Math.max(0, row.waiting - notified);
  const label = `${row.title}, ${row.color}, ${row.size}`;
  return (
    <article className="demand__row" aria-label={label}>
      <Piece row={row} />
      <p className="demand__count">
        {waiting > 0 ? (
          <>
            <strong>{waiting}</strong> <span>waiting</span>
          </>
        ) : (
          <span className="demand__quiet">Nobody waiting</span>
        )}
      </p>
      <div className="demand__stock">
        {now.soldOut ? (
          <span className="admin-tag admin-tag--warning">Sold out</span>
        ) : (
          <span className="admin-tag">{now.stock} left</span>
        )}
      </div>
      <div className="demand__act">
        <StockEditor row={row} label={label} stock={now.stock} onSaved={setSaved} />
      </div>
    </article>
  );
}

/** The size's stock, saved in place through setStock (only while it is what this screen showed). */
function StockEditor({
  row,
  label,
  stock: current,
  onSaved,
}: {
  row: WaitingRow | LowStockRow;
  label: string;
  stock: number | null;
  onSaved: (stock: number) => void;
}) {
  const shown = current === null ? '' : String(current);
  const [value, setValue] = useState(shown);
  // Saved from the size's row in the other list: this field follows.
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setValue(shown);
  }
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const stock = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(stock) && stock >= 0 && stock <= 1_000_000;

  const queryClient = useQueryClient();
  const save = useAdminMutation({
    call: async (next: number) => (await demandApi.setStock(stockBody(row, current, next))).stock,
    invalidates: STOCK_CHANGES,
    // The stock moved since it was read (an order): the lists are read again, so the field shows it now.
    onError: () => queryClient.invalidateQueries({ queryKey: demandKey }),
    onSuccess: (next) => {
      onSaved(next);
      setDone(next === 0 ? 'Saved: sold out.' : `Saved: ${next} in stock.`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (valid) void save.run(stock);
  };

  return (
    <form className="demand__edit" onSubmit={onSubmit}>
      <label className="demand__edit-label" htmlFor={id}>
        Stock<span className="visually-hidden"> of {label}</span>
      </label>
      <input
        id={id}
        className="demand__edit-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={1_000_000}
        step={1}
        placeholder="Not counted"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setDone(null);
          save.reset();
        }}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={save.pending || !valid || value === shown}
        aria-label={`Save stock: ${label}`}
      >
        {save.pending ? 'Saving…' : 'Save'}
      </Button>
      <PanelStatus message={done} />
      <PanelError message={save.error} />
    </form>
  );
}
