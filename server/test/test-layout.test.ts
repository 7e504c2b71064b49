import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What in a test file shows it exercises what differs between PGlite and PostgreSQL (decision 056). Such a file must
 * say `@module-tag database-engine`, so it runs on PostgreSQL too; the rest runs once, on PGlite.
 */
const ENGINE_MARKS: { what: string; pattern: RegExp }[] = [
  { what: 'the job queue', pattern: /\bstartJobQueue\(|\bapp\.jobs\b|\bjobsDone\(/ },
  { what: "a library's SQL as text", pattern: /\bexecuteSql\(/ },
  { what: 'LISTEN/NOTIFY', pattern: /\bonNotify\b|\bpg_notify\b|\bLISTEN\b/ },
  { what: 'migrations', pattern: /\bcreateMigrator\(|\bmigrateTo(?:Latest|Nothing)?\(/ },
  { what: 'locks', pattern: /pg_advisory|\bfor update\b|\bskip locked\b/i },
  { what: 'a branch on the driver', pattern: /\.driver\b|\btestDatabaseTarget\(|TEST_DATABASE_URL/ },
];
const TAG = /^\s*\*\s*@module-tag database-engine\s*$/m;

const root = path.resolve(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

const files = ['server/src', 'server/test', 'shared', 'client/src'].flatMap(testFiles).map((file) => ({
  file,
  text: readFileSync(path.join(root, file), 'utf8'),
}));

describe('the test layout', () => {
  it('runs on both databases every test file that works what differs between them', () => {
    const untagged = files
      // This file names the marks; a test of the embedded database itself opens PGlite on its own, the same in
      // either run.
      .filter(({ file }) => file !== path.relative(root, import.meta.filename))
      .filter(({ text }) => !(text.includes('openPglite(') && !text.includes('createTestDatabase(')))
      .filter(({ text }) => !TAG.test(text))
      .map(({ file, text }) => ({ file, marks: ENGINE_MARKS.filter(({ pattern }) => pattern.test(text)) }))
      .filter(({ marks }) => marks.length > 0)
      .map(({ file, marks }) => `${file}: ${marks.map(({ what }) => what).join(', ')}`);
    expect(untagged, 'add "@module-tag database-engine" to the top comment of these files').toEqual([]);
  });

  it('finds the tagged files, so the PostgreSQL run is not empty', () => {
    expect(files.filter(({ text }) => TAG.test(text)).length).toBeGreaterThan(10);
  });
});
