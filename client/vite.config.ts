import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), precompress()],
  // Static files are served from the client build only.
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        // The server-side renderer: imported by the Fastify server at start-up.
        outDir: '../dist/ssr',
        emptyOutDir: true,
        rollupOptions: { input: 'src/entry-server.tsx' },
      }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        // Assets get content hashes in their names (Vite's default) and are cached for a year by the server.
        manifest: true,
      },
}));
