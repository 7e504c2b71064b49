import { readFileSync } from 'node:fs';
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
});
