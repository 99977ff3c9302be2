// Cuts rendered markdown into the text before the first <h2> and one chunk per <h2> section, so
// an editorial layout can set pictures between them. The HTML is the server's safe rendering;
// cutting it at top-level <h2> tags keeps every chunk well formed.
export function splitSections(html: string): { intro: string; sections: string[] } {
  const parts = html.split(/(?=<h2[\s>])/i);
  const first = parts[0] ?? '';
  const hasIntro = !/^\s*<h2[\s>]/i.test(first);
  const intro = hasIntro ? first.trim() : '';
  const sections = (hasIntro ? parts.slice(1) : parts).map((s) => s.trim()).filter(Boolean);
  return { intro, sections };
}
