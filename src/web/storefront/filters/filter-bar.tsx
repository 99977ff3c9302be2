// The filters and sort of /collections and the category pages (issue 27): a GET form, so it works
// without JavaScript (the server renders the list of its address; 'Apply' submits). With JavaScript
// each change applies at once (the address changes, the page follows), 'Apply' hides, and on phones
// the options open in a side panel. Each option says how many pieces it would leave.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ItemsPage } from '../../../contract/catalog.js';
import {
  filteredPath,
  filtersFromSearch,
  isFiltered,
  type ListFilters,
  SORT_LABELS,
  SORTS,
} from '../../../domain/catalog-filters.js';
import { useShopApi } from '../../api/api-context.js';
import { itemsPageQuery } from '../../api/queries.js';
import { Drawer } from '../../ui/drawer.js';
import { formatPrice } from '../catalog/format-price.js';
import { useListAddress } from './list-address.js';

type Facets = NonNullable<ItemsPage['facets']>;
const PHONE = '(max-width: 699px)';

const without = (f: ListFilters, key: 'size' | 'color' | 'type', value: string): ListFilters => ({
  ...f,
  [key]: (f[key] as string[]).filter((v) => v !== value),
});

function Count({ n }: { n: number }) {
  return <span className="facet__count">({n})</span>;
}

function Options({
  name,
  legend,
  options,
  chosen,
  swatches,
  onPick,
}: {
  onPick: () => void;
  name: 'size' | 'color' | 'type';
  legend: string;
  options: { value: string; label: string; count: number; code?: string }[];
  chosen: string[];
  swatches?: boolean;
}) {
  return (
    <fieldset className={`facet__options facet__options--${name}`}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => {
        const checked = chosen.includes(o.value);
        return (
          <label key={o.value} className="facet__option" data-empty={o.count === 0 && !checked}>
            <input type="checkbox" name={name} value={o.value} checked={checked} onChange={onPick} />
            {swatches && <span className="facet__swatch" style={{ background: o.code }} aria-hidden="true" />}
            <span className="facet__label">{o.label}</span> <Count n={o.count} />
          </label>
        );
      })}
    </fieldset>
  );
}

/** The filter groups: dropdowns in the desktop bar, stacked sections in the phone panel. */
function Groups({
  facets,
  filters,
  stacked,
  onPick,
}: {
  facets: Facets;
  filters: ListFilters;
  stacked: boolean;
  onPick: () => void;
}) {
  const groups: [key: string, title: string, chosen: number, body: React.ReactNode][] = [
    [
      'size',
      'Size',
      filters.size.length,
      <Options key="s" onPick={onPick} name="size" legend="Size" options={facets.size} chosen={filters.size} />,
    ],
    [
      'color',
      'Colour',
      filters.color.length,
      <Options
        key="c"
        onPick={onPick}
        name="color"
        legend="Colour"
        options={facets.color}
        chosen={filters.color}
        swatches
      />,
    ],
    [
      'type',
      'Type',
      filters.type.length,
      <Options key="t" onPick={onPick} name="type" legend="Type" options={facets.type} chosen={filters.type} />,
    ],
    [
      'price',
      'Price',
      (filters.minPrice !== undefined ? 1 : 0) + (filters.maxPrice !== undefined ? 1 : 0),
      <fieldset key="p" className="facet__price">
        <legend className="visually-hidden">Price in dollars</legend>
        <PriceBound
          name="minPrice"
          label="Min $"
          value={filters.minPrice}
          placeholder={facets.price ? String(Math.floor(facets.price.min)) : '0'}
          onPick={onPick}
        />
        <PriceBound
          name="maxPrice"
          label="Max $"
          value={filters.maxPrice}
          placeholder={facets.price ? String(Math.ceil(facets.price.max)) : ''}
          onPick={onPick}
        />
        {facets.price && (
          <p className="facet__hint">
            {formatPrice(facets.price.min)} – {formatPrice(facets.price.max)}
          </p>
        )}
      </fieldset>,
    ],
  ];
  return (
    <>
      {groups.map(([key, title, chosen, body]) =>
        stacked ? (
          <section key={key} className="facet facet--stacked" aria-label={title}>
            <h2 className="facet__title">{title}</h2>
            {body}
          </section>
        ) : (
          <details key={key} className="facet" open={undefined}>
            <summary className="facet__summary">
              {title}
              {chosen > 0 && <span className="facet__badge">{chosen}</span>}
            </summary>
            <div className="facet__panel">{body}</div>
          </details>
        ),
      )}
      <label className="facet__stock">
        <input type="checkbox" name="inStock" value="1" checked={filters.inStock} onChange={onPick} />
        <span>In stock only</span> <Count n={facets.inStock} />
      </label>
    </>
  );
}

/** The chosen filters as links that remove one each, then 'Clear all'. */
function Chosen({ base, filters, facets }: { base: string; filters: ListFilters; facets: Facets }) {
  if (!isFiltered(filters)) return null;
  const label = (key: 'color' | 'type', v: string) => facets[key].find((o) => o.value === v)?.label ?? v;
  const chips: [string, ListFilters][] = [
    ...filters.size.map((v): [string, ListFilters] => [`Size ${v}`, without(filters, 'size', v)]),
    ...filters.color.map((v): [string, ListFilters] => [label('color', v), without(filters, 'color', v)]),
    ...filters.type.map((v): [string, ListFilters] => [label('type', v), without(filters, 'type', v)]),
  ];
  if (filters.minPrice !== undefined)
    chips.push([`From ${formatPrice(filters.minPrice)}`, { ...filters, minPrice: undefined }]);
  if (filters.maxPrice !== undefined)
    chips.push([`Up to ${formatPrice(filters.maxPrice)}`, { ...filters, maxPrice: undefined }]);
  if (filters.inStock) chips.push(['In stock only', { ...filters, inStock: false }]);
  const clear: ListFilters = { size: [], color: [], type: [], inStock: false, sort: filters.sort };
  return (
    <ul className="filters__chosen" aria-label="Chosen filters">
      {chips.map(([text, next]) => (
        <li key={text}>
          <Link className="filters__chip" to={filteredPath(base, next)} aria-label={`Remove ${text}`}>
            {text} <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      <li>
        <Link className="filters__clear" to={filteredPath(base, clear)}>
          Clear all
        </Link>
      </li>
    </ul>
  );
}

/** Reads the form as the address would carry it (what a GET submit would send). */
function filtersOfForm(form: HTMLFormElement): ListFilters {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form))
    if (typeof value === 'string' && value !== '') params.append(key, value);
  return filtersFromSearch(params);
}

export default function FilterBar() {
  const api = useShopApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { category, base, page, filters } = useListAddress();
  const { data } = useQuery({ ...itemsPageQuery(api, category, page, filters), placeholderData: keepPreviousData });
  const form = useRef<HTMLFormElement>(null);
  const [phone, setPhone] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  // A dropdown closes on a click elsewhere or Escape, as the shop's other popups do.
  useEffect(() => {
    const close = (event: Event) => {
      for (const open of form.current?.querySelectorAll<HTMLDetailsElement>('details.facet[open]') ?? []) {
        if (event instanceof KeyboardEvent ? event.key === 'Escape' : !open.contains(event.target as Node)) {
          open.open = false;
          if (event instanceof KeyboardEvent) open.querySelector('summary')?.focus();
        }
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  const facets = data?.facets;
  if (!facets) return null;

  const pick = () => {
    if (!form.current) return;
    const next = filteredPath(base, filtersOfForm(form.current));
    if (next !== filteredPath(base, filters, page)) navigate(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    pick();
  };
  const chosenCount =
    filters.size.length +
    filters.color.length +
    filters.type.length +
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
    (filters.inStock ? 1 : 0);
  return (
    <form ref={form} className="filters" method="get" action={pathname} aria-label="Filter and sort" onSubmit={apply}>
      {category !== undefined && <input type="hidden" name="category" value={category} />}
      <div className="filters__bar">
        {phone ? (
          <button
            type="button"
            className="filters__open"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            Filter{chosenCount > 0 && <span className="facet__badge">{chosenCount}</span>}
          </button>
        ) : (
          <div className="filters__groups">
            <Groups facets={facets} filters={filters} stacked={false} onPick={pick} />
          </div>
        )}
        <label className="filters__sort">
          <span>Sort</span>
          <select name="sort" value={filters.sort} onChange={pick}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--secondary filters__apply">
          Apply
        </button>
      </div>
      <Chosen base={base} filters={filters} facets={facets} />
      {phone && (
        <Drawer
          open={open}
          onClose={() => setOpen(false)}
          side="right"
          label="Filters"
          title="Filter"
          closeLabel="Close filters"
          footer={
            <div className="filters__panel-foot">
              <Link
                className="button button--ghost"
                to={filteredPath(base, {
                  ...filters,
                  size: [],
                  color: [],
                  type: [],
                  minPrice: undefined,
                  maxPrice: undefined,
                  inStock: false,
                })}
              >
                Clear all
              </Link>
              <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
                Show {data.total} {data.total === 1 ? 'piece' : 'pieces'}
              </button>
            </div>
          }
        >
          <Groups facets={facets} filters={filters} stacked onPick={pick} />
        </Drawer>
      )}
    </form>
  );
}

/** One end of the price range: a number in dollars, applied when the field loses focus (or the form is sent). */
function PriceBound(props: {
  name: 'minPrice' | 'maxPrice';
  label: string;
  value: number | undefined;
  placeholder: string;
  onPick: () => void;
}) {
  return (
    <label className="facet__bound">
      <span>{props.label}</span>
      <input
        type="number"
        name={props.name}
        min={0}
        step="any"
        inputMode="decimal"
        placeholder={props.placeholder}
        // A new value from the address replaces what was typed.
        key={`${props.name}${props.value}`}
        defaultValue={props.value}
        onBlur={props.onPick}
      />
    </label>
  );
}
