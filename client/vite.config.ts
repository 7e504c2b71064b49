import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineThemeCss } from './build/mantine-theme-css.js';
import { precompress } from './build/precompress.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Short class names in builds (`c` and five characters of a hash of the file and the class): every page's HTML
 * carries them, so `_contactItem_ec6sd_45` would cost bytes on each element. Development keeps readable names.
 */
function shortClassName(name: string, filename: string): string {
  const file = path.relative(root, filename.split('?')[0]!);
  return `c${createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 5)}`;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  css: command === 'build' ? { modules: { generateScopedName: shortClassName } } : {},
  plugins: [react(), mantineThemeCss(), precompress()],
  // Static files are served from the client build only.
  publicDir: isSsrBuild ? false : 'public',
  // The server-side renderer takes only the parts of Mantine and the icons it uses, as the browser build does.
  // Imported from node_modules instead, each loads whole: the icon set's index alone kept ~60 MB and Mantine's ~40 MB
  // in every server process (decision 026).
  ssr: {
    noExternal: ['@mantine/core', '@mantine/hooks', '@mantine/form', '@mantine/notifications', '@tabler/icons-react'],
  },
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
