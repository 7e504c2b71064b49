import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built site without a client build: the template and a server entry whose `render` is `renderSource` (plain
 * JavaScript, an exported async function `render(input)` answering a RenderResult). Answers the folder to use as
 * `distDir`. For tests of what the server does around rendering (caching, abandoned requests).
 */
export function standInSite(renderSource: string): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'consultancy-stand-in-site-'));
  mkdirSync(path.join(distDir, 'client'));
  mkdirSync(path.join(distDir, 'ssr'));
  writeFileSync(
    path.join(distDir, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><!--app-body--><!--app-state--></body></html>',
  );
  writeFileSync(path.join(distDir, 'ssr', 'entry-server.js'), `${renderSource}\n`);
  // No chunks: the pages link nothing of their own.
  mkdirSync(path.join(distDir, 'client', '.vite'));
  writeFileSync(path.join(distDir, 'client', '.vite', 'manifest.json'), '{}');
  return distDir;
}
