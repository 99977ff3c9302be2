// The Home editor (issue 26 #2).
export default function HomePanel() {
  return <p className="admin-empty">Coming soon.</p>;
}
