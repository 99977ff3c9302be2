// The Settings tab (issue 26 #3).
export default function SettingsPanel() {
  return <p className="admin-empty">Coming soon.</p>;
}
