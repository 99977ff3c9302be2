// npm run fonts: writes the core subsets of the web fonts (scripts/font-subsets.ts) into
// src/web/assets/fonts. Run it after upgrading a @fontsource-variable package, and commit the files.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { CORE_CODEPOINTS, FONT_SOURCES, FONTS_DIR, sourcePath, unicodeRange } from './font-subsets.js';

export async function coreSubset(from: string): Promise<Buffer> {
  return subsetFont(readFileSync(sourcePath(from)), String.fromCodePoint(...CORE_CODEPOINTS), {
    targetFormat: 'woff2',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { from, to } of FONT_SOURCES) {
    const out = await coreSubset(from);
    writeFileSync(path.join(FONTS_DIR, to), out);
    console.log(`${to}: ${readFileSync(sourcePath(from)).length} → ${out.length} bytes`);
  }
  console.log(`unicode-range: ${unicodeRange(CORE_CODEPOINTS)}`);
}
