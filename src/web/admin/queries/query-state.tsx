// A loaded list's states, drawn one way in every panel: its load error (role=alert), 'Loading…'
// until the first answer, the panel's empty line, or the list itself; and a paged list's button
// for its next page.
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.js';
import { messageOf } from '../admin-api.js';
import { PanelError } from '../panels/admin-form.js';

type Loaded<T> = { data: T | undefined; error: unknown };

export function QueryState<T>({
  query,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  loading = 'Loading…',
  children,
}: {
  query: Loaded<T>;
  /** What an empty answer shows (null: nothing). */
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, error } = query;
  return (
    <>
      <PanelError message={error ? messageOf(error) : null} />
      {data === undefined ? (
        error ? null : (
          <p className="admin-panel__empty">{loading}</p>
        )
      ) : isEmpty(data) ? (
        empty !== null && <p className="admin-panel__empty">{empty}</p>
      ) : (
        children(data)
      )}
    </>
  );
}

/** A paged list's 'Show more' button: there while a next page exists, disabled while it loads. */
export function NextPageButton({
  query,
  children,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  children: ReactNode;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {children}
    </Button>
  );
}
