// The web fonts' core subsets: made from the pinned Fontsource files with the declared characters,
// declared with exactly those characters, and first in the stacks with Fontsource's full files behind.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_CODEPOINTS, FONT_SOURCES, FONTS_DIR, sourcePath, unicodeRange } from '../../scripts/font-subsets.js';
import { coreSubset } from '../../scripts/subset-fonts.js';
import { ROOT } from '../support/paths.js';

const css = (file: string) => readFileSync(path.join(ROOT, 'src', 'web', 'styles', file), 'utf8');

describe('web font core subsets', () => {
  it.each(FONT_SOURCES)('$to is the core subset of $from (npm run fonts makes it)', async ({ from, to }) => {
    const committed = readFileSync(path.join(FONTS_DIR, to));
    expect(committed.equals(await coreSubset(from))).toBe(true);
    // A subset: smaller than the full Latin file it stands in front of.
    expect(committed.length).toBeLessThan(readFileSync(sourcePath(from)).length * 0.7);
  });

  it('declares each core face with the unicode-range of the subset, so other characters fall through', () => {
    const faces = [...css('fonts.css').matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!);
    expect(faces).toHaveLength(FONT_SOURCES.length);
    for (const face of faces) {
      expect(face).toContain(`unicode-range: ${unicodeRange(CORE_CODEPOINTS)};`);
      expect(FONT_SOURCES.some(({ to }) => face.includes(`../assets/fonts/${to}`))).toBe(true);
    }
    expect(unicodeRange([0x41, 0x20, 0x21, 0x2014, 0x2013, 0xa0])).toBe('U+20-21,U+41,U+A0,U+2013-2014');
  });

  it('puts the core family first and Fontsource’s full family behind it in both stacks', () => {
    const global = css('global.css');
    expect(global).toContain("--font-serif: 'Cormorant Garamond Core', 'Cormorant Garamond Variable', serif;");
    expect(global).toContain("--font-sans: 'Jost Core', 'Jost Variable', sans-serif;");
  });
});
