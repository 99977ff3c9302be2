// The Abandoned tab (issue 28). STUB from the lead's groundwork: its helper fills it in.
export default function AbandonedPanel() {
  return (
    <div className="admin-panel">
      <p className="admin-panel__lede">Abandoned</p>
    </div>
  );
}
