// Two builds from one config: the browser bundle (dist/client, with a manifest the server reads to
// link assets) and the server render bundle (`vite build --ssr src/web/entry-server.tsx`, dist/server).
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): the chunks of the first load (the entry and what it
 * imports statically, not the lazily loaded pages) start with `//# allFunctionsCalledOnLoad`, so V8
 * compiles them whole on the streaming thread while they download instead of function by function
 * on the main thread during hydration. Other engines read a comment. (A build with source maps is
 * one line off in them: the shop does not serve maps.)
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'murashki:compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After Vite's own output hooks (its preload helper is put in front of the entry's code late).
    writeBundle(options, bundle) {
      // The first load: the entry and the chunks it imports statically, however deep. A chunk shared
      // only by lazily loaded pages (not a dynamic entry itself) is not in it.
      const firstLoad = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (firstLoad.has(fileName) || chunk?.type !== 'chunk') return;
        firstLoad.add(fileName);
        for (const next of chunk.imports) visit(next);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !firstLoad.has(chunk.fileName)) continue;
        const file = path.join(options.dir ?? '', chunk.fileName);
        const code = readFileSync(file, 'utf8');
        if (!code.startsWith(hint)) writeFileSync(file, hint + code);
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), compileHints()],
  base: '/',
  // Static files go through imports (content-hashed under /assets/): the server serves no other folder.
  publicDir: false,
  build: isSsrBuild
    ? { target: 'node20', emptyOutDir: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rolldownOptions: {
          input: 'src/web/entry-client.tsx',
          output: {
            // Every module of the first load in one chunk: the automatic splitting made a dozen small
            // chunks of what lazily loaded pages share with it (money, dialogs, the API), each with its
            // own compression window and import lists (issue 27: 2.6 kB gzipped of the budget).
            codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
          },
        },
      },
}));
