// Exports (issue 28 #5), shown on the Overview. STUB from the lead's groundwork: the exports helper fills it in.
export function ExportsSection(_props: { from: string; to: string }) {
  return null;
}
