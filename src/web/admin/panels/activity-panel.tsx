// The Activity tab (issue 26 #6).
export default function ActivityPanel() {
  return <p className="admin-empty">Coming soon.</p>;
}
