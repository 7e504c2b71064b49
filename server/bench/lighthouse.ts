/**
 * `npm run bench:lighthouse`: Lighthouse in its default mobile mode (emulated phone, simulated slow 4G
 * and 4× CPU slowdown) on public pages of the built app on PGlite, in Debian's Chromium. Prints the four category
 * scores, LCP, TBT, CLS and the JavaScript transferred; see server/bench/README.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { newDataDir, startApp } from '../../e2e/support/app.js';
import { CLOSED_NETWORK_CHROMIUM_FLAGS } from '../../e2e/support/browser.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string' },
    paths: { type: 'string' },
    out: { type: 'string' },
    /** Print where the main thread's time went (by category, by script, long tasks) for each run. */
    why: { type: 'boolean' },
  },
  strict: true,
});
const RUNS = Number(flags.runs ?? process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs / BENCH_LIGHTHOUSE_RUNS must be a whole number ≥ 1');
const PATHS = (flags.paths ?? process.env.BENCH_LIGHTHOUSE_PATHS ?? '/,/visa/student').split(',').filter(Boolean);
const OUT = path.resolve(ROOT, flags.out ?? process.env.BENCH_LIGHTHOUSE_OUT ?? 'server/bench/lighthouse-latest.md');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** The browser tests' flags for this closed network, headless. */
const CHROME_FLAGS = ['--headless=new', ...CLOSED_NETWORK_CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Bytes over the network (compressed), JavaScript and everything. */
  scriptBytes: number;
  totalBytes: number;
  scriptRequests: number;
  /** Failed audits of the non-performance categories, to say why a score is below 100. */
  failed: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

function figures(lhr: Result['lhr']): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined;
  const row = (type: string) => summary?.items?.find((item) => item.resourceType === type);
  const failed = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Figures['scores'],
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    scriptBytes: row('script')?.transferSize ?? NaN,
    totalBytes: row('total')?.transferSize ?? NaN,
    scriptRequests: row('script')?.requestCount ?? NaN,
    failed,
  };
}

/** Lighthouse's own diagnostics of a run, for finding what blocks the main thread (`--why`). */
function printWhy(lhr: Result['lhr']): void {
  type Items = { items?: Record<string, string | number | undefined>[] } | undefined;
  const items = (id: string) => ((lhr.audits[id]?.details as Items)?.items ?? []).slice(0, 8);
  const ms = (value: string | number | undefined) => `${Number(value).toFixed(0)} ms`;
  console.log(
    '  main thread:',
    items('mainthread-work-breakdown')
      .map((i) => `${String(i.groupLabel)} ${ms(i.duration)}`)
      .join(', '),
  );
  const observed = (lhr.audits['metrics']?.details as Items)?.items?.[0];
  if (observed)
    console.log(
      `  observed (unthrottled): FCP ${ms(observed.observedFirstContentfulPaint)}, LCP ${ms(observed.observedLargestContentfulPaint)}, load ${ms(observed.observedLoad)}`,
    );
  for (const i of items('bootup-time'))
    console.log(`  script ${String(i.url)}: total ${ms(i.total)}, evaluation ${ms(i.scripting)}`);
  for (const i of items('long-tasks'))
    console.log(`  long task ${ms(i.duration)} at ${ms(i.startTime)}: ${String(i.url)}`);
  for (const i of (lhr.audits['network-requests']?.details as Items)?.items ?? [])
    console.log(
      `  request ${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${String(i.resourceType)} ${String(i.priority)} ${Math.round(Number(i.transferSize) / 1024)} KB, ${ms(i.networkRequestTime)}–${ms(i.networkEndTime)}`,
    );
  for (const id of [
    'largest-contentful-paint-element',
    'lcp-breakdown-insight',
    'render-blocking-insight',
    'network-dependency-tree-insight',
  ]) {
    const details = lhr.audits[id]?.details;
    if (details) console.log(`  ${id}:`, JSON.stringify(details).slice(0, 1500));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const data = newDataDir();
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    console.log('Starting the built app on PGlite…');
    app = await startApp(data.dir, { LOG_LEVEL: 'warn' });
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
    console.log(`${app.url}; Chromium ${CHROME_PATH} on debugging port ${chrome.port}; ${RUNS} run(s) per page`);

    const rows: string[][] = [];
    const notes: string[] = [];
    for (const page of PATHS) {
      const url = `${app.url}${page}`;
      // The first request of a fresh server (JIT, first queries) is not what a visitor meets.
      await fetch(url).then((response) => response.arrayBuffer());
      const runs: Figures[] = [];
      for (let run = 1, retries = 0; run <= RUNS; run += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const error = result.lhr.runtimeError;
        // Lighthouse now and then loses its trace of a load (NO_NAVSTART, NO_FCP…) and asks to be run again: the
        // run is repeated, twice at most per page, and every other error stops the bench.
        if (error && /^NO_|TRACE/.test(error.code) && retries < 2) {
          retries += 1;
          run -= 1;
          console.log(`${page}: Lighthouse lost its trace (${error.code}); running again`);
          continue;
        }
        if (error) throw new Error(`Lighthouse on ${url}: ${error.message}`);
        const run_ = figures(result.lhr);
        runs.push(run_);
        if (flags.why) printWhy(result.lhr);
        console.log(
          `${page} run ${run}/${RUNS}: performance ${run_.scores.performance}, LCP ${seconds(run_.lcp)}, ` +
            `TBT ${run_.tbt.toFixed(0)} ms, CLS ${run_.cls.toFixed(3)}, JS ${kb(run_.scriptBytes)}`,
        );
      }
      // The median run by performance score (Lighthouse's own advice for comparing runs).
      const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      const chosen = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const range = sorted.length > 1 ? ` (${sorted[0]!.scores.performance}–${sorted.at(-1)!.scores.performance})` : '';
      rows.push([
        page,
        `${chosen.scores.performance}${range}`,
        String(chosen.scores.accessibility),
        String(chosen.scores['best-practices']),
        String(chosen.scores.seo),
        seconds(chosen.lcp),
        `${chosen.tbt.toFixed(0)} ms`,
        chosen.cls.toFixed(3),
        seconds(chosen.fcp),
        `${kb(chosen.scriptBytes)} (${chosen.scriptRequests})`,
        kb(chosen.totalBytes),
      ]);
      if (chosen.failed.length) notes.push(`${page} failed audits: ${chosen.failed.join(', ')}`);
    }

    const header = [
      'Page',
      'Performance',
      'Accessibility',
      'Best practices',
      'SEO',
      'LCP',
      'TBT',
      'CLS',
      'FCP',
      'JS transferred (requests)',
      'Total transferred',
    ];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) =>
      cells
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd();
    const chromium = (await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then((response) =>
      response.json(),
    )) as { Browser?: string };
    const about =
      `Lighthouse mobile (default emulation and simulated throttling), ${chromium.Browser ?? 'Chromium'}, ` +
      `Node ${process.version}, the built app on PGlite (country Global), median of ${RUNS} run(s) by ` +
      `performance (range in brackets); ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
    console.log(`\n${about}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const row of rows) console.log(line(row));
    for (const note of notes) console.log(note);

    const markdownLine = (cells: string[]) => `| ${cells.join(' | ')} |`;
    writeFileSync(
      OUT,
      [
        `# Lighthouse ${new Date().toISOString().slice(0, 10)}`,
        '',
        about,
        '',
        markdownLine(header),
        markdownLine(header.map(() => '---')),
        ...rows.map(markdownLine),
        '',
        ...notes.map((note) => `- ${note}`),
        '',
      ].join('\n'),
    );
    console.log(`Wrote ${path.relative(process.cwd(), OUT) || OUT}`);
  } finally {
    chrome?.kill();
    await app?.stop();
    data.remove();
  }
}

await main();
