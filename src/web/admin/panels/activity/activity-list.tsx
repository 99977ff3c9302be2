// The Activity entries: when (relative, the exact time on hover), who, what. A list, not a table, so
// that a phone shows each entry as a short block and a desktop as one calm line.
import type { ActivityEntry } from '../../../../contract/activity.js';
import { detailLines } from './detail-lines.js';
import { exactTime, relativeTime } from './relative-time.js';

export function ActivityList({ entries, busy }: { entries: ActivityEntry[]; busy: boolean }) {
  const now = new Date();
  return (
    <ol className="admin-activity__list" aria-busy={busy || undefined} aria-label="Changes, newest first">
      {entries.map((e) => (
        <li key={e.id} className="admin-activity__entry">
          <time className="admin-activity__when" dateTime={e.at} title={exactTime(e.at)}>
            {relativeTime(e.at, now)}
          </time>
          <span className="admin-activity__who">{e.person}</span>
          <span className="admin-tag admin-activity__kind">{e.label}</span>
          <div className="admin-activity__what">
            <p className="admin-activity__summary">{e.summary}</p>
            {Object.keys(e.detail).length > 0 && (
              <details className="admin-activity__detail">
                <summary>Details</summary>
                <dl className="admin-activity__lines">
                  {detailLines(e.detail).map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one stored entry, never reordered
                    <div key={i}>
                      <dt>{line.label}</dt>
                      <dd>{line.value}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
