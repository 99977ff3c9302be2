// The Demand tab (issue 28). STUB from the lead's groundwork: its helper fills it in.
export default function DemandPanel() {
  return (
    <div className="admin-panel">
      <p className="admin-panel__lede">Demand</p>
    </div>
  );
}
