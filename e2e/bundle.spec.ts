import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>;

/** Every chunk the browser loads up front for `key`: the chunk and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

describe('the public entry chunk', () => {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);

  it('exists', () => {
    expect(entryKey).toBe('index.html');
  });

  it('loads no admin code up front', () => {
    const upFront = staticClosure(entryKey!);
    const adminModules = Object.keys(manifest).filter((key) => key.includes('src/admin/'));
    expect(adminModules.length).toBeGreaterThan(0);
    for (const admin of adminModules) expect(upFront.has(admin)).toBe(false);
    // The admin chunk is reachable only through a dynamic import.
    expect(manifest[entryKey!]?.dynamicImports ?? []).toEqual(expect.arrayContaining([adminModules[0]]));
    const entrySource = [...upFront]
      .map((key) => readFileSync(`dist/client/${manifest[key]!.file}`, 'utf8'))
      .join('\n');
    expect(entrySource).not.toContain('Admin sections');
  });

  it('keeps the form code (and its validation library) out of the up-front chunks', () => {
    const upFront = [...staticClosure(entryKey!)];
    const source = upFront.map((key) => readFileSync(`dist/client/${manifest[key]!.file}`, 'utf8')).join('\n');
    expect(source).not.toContain('Message Submitting...');
    expect(source).not.toContain('ZodError');
  });

  /**
   * Budgets for what a visitor downloads before the first page is interactive (gzip, as served). The README reports
   * the current sizes; raise a budget only on purpose.
   */
  it('stays within its size budget', () => {
    const upFront = [...staticClosure(entryKey!)];
    const js = Buffer.concat(upFront.map((key) => readFileSync(`dist/client/${manifest[key]!.file}`)));
    const css = Buffer.concat(
      upFront.flatMap((key) => (manifest[key]!.css ?? []).map((file) => readFileSync(`dist/client/${file}`))),
    );
    const jsKb = gzipSync(js, { level: 9 }).length / 1024;
    const cssKb = gzipSync(css, { level: 9 }).length / 1024;
    console.log(`public entry: JavaScript ${jsKb.toFixed(1)} KB gzip, CSS ${cssKb.toFixed(1)} KB gzip`);
    expect(jsKb).toBeLessThan(210);
    expect(cssKb).toBeLessThan(25);
  });
});
