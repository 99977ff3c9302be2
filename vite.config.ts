// Two builds from one config: the browser bundle (dist/client, with a manifest the server reads to
// link assets) and the server render bundle (`vite build --ssr src/web/entry-server.tsx`, dist/server).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
        rolldownOptions: { input: 'src/web/entry-client.tsx' },
      },
}));
