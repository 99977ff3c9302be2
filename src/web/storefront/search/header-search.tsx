// The header's search (issue 27): an icon that opens a field under the header; '/' opens and focuses
// it when the shopper is not typing elsewhere. The field is a plain GET form to /search, so it works
// before the page's code runs; with it, the results open without a page load. Kept small: it is in
// every storefront page's first load.
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchPath, SEARCH_QUERY_MAX } from '../../../domain/search.js';
import { CloseIcon, SearchIcon } from '../../ui/icons.js';
import './search.css';

export const SEARCH_FIELD_ID = 'site-search';

/** True when a key press is meant for a field, not for the page's shortcuts. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLAnchorElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      setOpen(true);
      // The field shows on the next render; focus it then.
      requestAnimationFrame(() => field.current?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = field.current?.value.trim() ?? '';
    if (!q) return field.current?.focus();
    setOpen(false);
    navigate(searchPath(q));
  };

  return (
    <>
      {/* A link to /search before the code runs (the page has the same form); a button after. */}
      <a
        ref={toggle}
        href="/search"
        role="button"
        className="header-button"
        aria-label="Open search"
        aria-expanded={open}
        aria-controls={SEARCH_FIELD_ID}
        onClick={(event) => {
          event.preventDefault();
          if (open) close();
          else setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === ' ') {
            event.preventDefault();
            event.currentTarget.click();
          }
        }}
      >
        <SearchIcon />
        <span className="header-button__text">Search</span>
      </a>
      <div id={SEARCH_FIELD_ID} className="header-search" hidden={!open}>
        <form
          className="header-search__form"
          role="search"
          action="/search"
          method="get"
          onSubmit={onSubmit}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Escape') close();
          }}
        >
          <label className="visually-hidden" htmlFor="site-search-q">
            Search the shop
          </label>
          <SearchIcon />
          <input
            ref={field}
            id="site-search-q"
            className="header-search__input"
            type="search"
            name="q"
            required
            maxLength={SEARCH_QUERY_MAX}
            placeholder="Search bras, silk, colours…"
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="header-search__submit">
            Search
          </button>
          <button type="button" className="header-search__close" aria-label="Close search" onClick={close}>
            <CloseIcon />
          </button>
        </form>
      </div>
    </>
  );
}
