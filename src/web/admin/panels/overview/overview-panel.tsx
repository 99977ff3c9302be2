// The Overview tab (issue 28). STUB from the lead's groundwork: its helper fills it in.
import { ExportsSection } from './exports-section.js';

// Issue 28 (exports), a stand-in until the Overview's own panel renders <ExportsSection from to /> with
// its period: the last 30 days, so the exports journey has its buttons. Replace with the real panel.
const day = (d: Date) => d.toISOString().slice(0, 10);
export default function OverviewPanel() {
  const today = new Date();
  return (
    <div className="admin-panel">
      <p className="admin-panel__lede">Overview</p>
      <ExportsSection from={day(new Date(today.getTime() - 29 * 86_400_000))} to={day(today)} />
    </div>
  );
}
