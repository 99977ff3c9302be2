// The Activity tab (issue 26 #6, owner only): who changed what in the back office, newest first,
// filtered by person and kind, a page at a time, and the same list as CSV.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../ui/button.js';
import { adminQueries } from '../queries/admin-queries.js';
import { QueryState } from '../queries/query-state.js';
import { type ActivityFilters, activityCsvUrl } from './activity/activity-api.js';
import { ActivityList } from './activity/activity-list.js';

export default function ActivityPanel() {
  const [filters, setFilters] = useState<ActivityFilters>({ person: '', kind: '' });
  const [page, setPage] = useState(0);
  const activity = useQuery({ ...adminQueries.activity(filters, page), placeholderData: keepPreviousData });
  const personId = useId();
  const kindId = useId();
  const data = activity.data;

  const filter = (change: Partial<ActivityFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(0);
  };

  // A filter chosen before its last entry scrolled away stays offered.
  const people = data?.people.map((p) => p.email) ?? [];
  if (filters.person && !people.includes(filters.person)) people.push(filters.person);
  const kinds = data?.kinds ?? [];

  return (
    <div className="admin-panel admin-activity">
      <p className="admin-panel__lede">Every change made in the back office: who made it, when, and what it changed.</p>
      <div className="admin-activity__bar">
        <div className="admin-activity__filters">
          <div className="field">
            <label className="field__label" htmlFor={personId}>
              Person
            </label>
            <select
              id={personId}
              className="field__input"
              value={filters.person}
              onChange={(e) => filter({ person: e.target.value })}
            >
              <option value="">Everyone</option>
              {people.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={kindId}>
              Kind
            </label>
            <select
              id={kindId}
              className="field__input"
              value={filters.kind}
              onChange={(e) => filter({ kind: e.target.value })}
            >
              <option value="">Every kind</option>
              {kinds.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
              {filters.kind && !kinds.some((k) => k.kind === filters.kind) && (
                <option value={filters.kind}>{filters.kind}</option>
              )}
            </select>
          </div>
        </div>
        <a className="button button--secondary admin-activity__csv" href={activityCsvUrl(filters)} download>
          Download CSV
        </a>
      </div>

      <QueryState
        query={activity}
        empty={filters.person || filters.kind ? 'Nothing matches these filters.' : 'No changes recorded yet.'}
        isEmpty={(answer) => answer.entries.length === 0}
      >
        {(answer) => <ActivityList entries={answer.entries} busy={activity.isPlaceholderData} />}
      </QueryState>

      {data && (page > 0 || data.hasMore) && (
        <nav className="admin-activity__pages" aria-label="Activity pages">
          <Button variant="secondary" disabled={page === 0 || activity.isFetching} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="admin-activity__page">Page {page + 1}</span>
          <Button variant="secondary" disabled={!data.hasMore || activity.isFetching} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
