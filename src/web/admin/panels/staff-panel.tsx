// The Staff tab (issue 26 #4).
export default function StaffPanel() {
  return <p className="admin-empty">Coming soon.</p>;
}
