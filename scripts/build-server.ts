// The last step of `npm run build`: the server compiled to JavaScript in dist/node (decision 047), so
// production runs it with plain `node dist/node/main.js`. esbuild bundles our own modules (TypeScript,
// the emails' TSX, JSON) into ESM; packages stay imports of node_modules, as the build does not own
// their files (native addons, PGlite's WebAssembly, pdfkit's fonts). Type checking is `tsc --noEmit`'s job.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { COPIED_WITH_SERVER } from '../src/server/runtime-files.js';
import { ROOT } from '../tests/support/paths.js';

/** The entry points of the compiled server: the shop, and `npm run admin`. */
const SERVER_ENTRIES = { main: 'src/server/main.ts', admin: 'src/server/cli/admin.ts' };
const OUT = path.join(ROOT, 'dist', 'node');

const started = performance.now();
rmSync(OUT, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: SERVER_ENTRIES,
  outdir: OUT,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // The seed and other lazily imported modules become chunks beside the entries: one folder, so every
  // module's import.meta.url is in dist/node (src/server/runtime-files.ts relies on it).
  splitting: true,
  chunkNames: '[name]-[hash]',
  tsconfig: 'tsconfig.json',
  // Stack traces name our files and lines with `node --enable-source-maps` (docs/operations.md).
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
// A module that finds a file next to its own source would look beside the bundle instead: such files
// are declared once in runtime-files.ts, which knows both places, and copied below.
const ownPath = /\bimport\.meta\.(url|dirname|filename)\b|\b__(dirname|filename)\b/;
const strays = Object.keys(result.metafile.inputs).filter(
  (file) =>
    file.startsWith('src/') &&
    file !== 'src/server/runtime-files.ts' &&
    ownPath.test(readFileSync(path.join(ROOT, file), 'utf8')),
);
if (strays.length > 0) {
  rmSync(OUT, { recursive: true, force: true });
  console.error(
    `These modules find files by their own path, which the compiled server does not keep:\n  ${strays.join('\n  ')}\n` +
      'Declare the files in src/server/runtime-files.ts (and COPIED_WITH_SERVER) instead.',
  );
  process.exit(1);
}
for (const { from, to } of COPIED_WITH_SERVER) cpSync(path.join(ROOT, from), path.join(ROOT, to), { recursive: true });
// What each output imports (tests/build/compiled-server.test.ts checks none is a dev dependency).
writeFileSync(path.join(OUT, 'meta.json'), JSON.stringify(result.metafile));
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `compiled the server: dist/node, ${Object.keys(result.metafile.inputs).length} modules, ` +
    `${(bytes / 1024).toFixed(0)} KB with source maps, ${(performance.now() - started).toFixed(0)} ms`,
);
