// The web fonts' core subsets (npm run fonts writes them; tests/build/fonts.test.ts keeps them true).
// Each Latin file of Fontsource is cut down to the characters the shop's pages use: ASCII and the
// typographic marks of its texts. The core files are what a page preloads (65 KB instead of 104 KB);
// the full Latin files stay declared behind them, and a browser fetches one only when a page shows a
// character outside the core (an accented name, say).
import path from 'node:path';
import { ROOT } from '../tests/support/paths.js';

/** ASCII, no-break space, £ © ® ° · ×, dashes, quotes, bullet, ellipsis, €, ™, minus. */
export const CORE_CODEPOINTS: readonly number[] = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  0xa0,
  0xa3,
  0xa9,
  0xae,
  0xb0,
  0xb7,
  0xd7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2026,
  0x20ac,
  0x2122,
  0x2212,
];

export const FONT_SOURCES = [
  {
    from: '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
    to: 'cormorant-garamond-core-wght-normal.woff2',
  },
  {
    from: '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-italic.woff2',
    to: 'cormorant-garamond-core-wght-italic.woff2',
  },
  { from: '@fontsource-variable/jost/files/jost-latin-wght-normal.woff2', to: 'jost-core-wght-normal.woff2' },
] as const;

export const FONTS_DIR = path.join(ROOT, 'src', 'web', 'assets', 'fonts');
export const sourcePath = (from: string) => path.join(ROOT, 'node_modules', from);

/** CSS unicode-range of a set of code points, e.g. U+20-7E,U+A0. */
export function unicodeRange(codepoints: readonly number[]): string {
  const sorted = [...new Set(codepoints)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return parts.join(',');
}
