/**
 * `npm run bench`: the built app under load beside bare Fastify, in one run on one machine, so the
 * figures are ratios that survive a noisy or different machine. See server/bench/README.md.
 *
 * Three processes: bare Fastify (bare-server.ts), the built app on PGlite in a fresh DATA_DIR, and the built app on
 * a fresh database of the local PostgreSQL server. Every scenario is measured in rounds: in each round bare Fastify
 * (same connections, same duration), then each app; a round's ratio is the app's req/s over bare's req/s of that
 * round, and the table shows the median over the rounds.
 */
import { spawn } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, newDataDir, startApp, type RunningApp } from '../../e2e/support/app.js';
import { captchaToken, CONTACT_US, enquiry, visitorAddress } from '../reliability/support/client.js';
import type { TestDatabase } from '../reliability/support/postgres.js';
import { PAGE_CONTENT } from '../src/seed/page-content-data.js';
import { BARE_PATH } from './bare-server.js';
import { findWrk, meetsExpectation, runWrk, type CompressedReference, type Expectation } from './wrk.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

// ---------------------------------------------------------------------------------------------------------------
// Settings: a flag (`npm run bench -- --seconds=3`) wins over the environment (BENCH_SECONDS=3), then the default.

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string' },
    connections: { type: 'string' },
    'enquiry-connections': { type: 'string' },
    runs: { type: 'string' },
    warmup: { type: 'string' },
    enquiries: { type: 'string' },
    timeout: { type: 'string' },
    databases: { type: 'string' },
    scenarios: { type: 'string' },
    out: { type: 'string' },
  },
  strict: true,
});

function setting(flag: keyof typeof flags, env: string, fallback: string): string {
  return flags[flag] ?? process.env[env] ?? fallback;
}

function numberSetting(flag: keyof typeof flags, env: string, fallback: number, min: number): number {
  const value = Number(setting(flag, env, String(fallback)));
  if (!Number.isFinite(value) || value < min) throw new Error(`--${flag} / ${env} must be a number ≥ ${min}`);
  return value;
}

const SETTINGS = {
  /** Length of each measured run. */
  seconds: numberSetting('seconds', 'BENCH_SECONDS', 10, 1),
  /** Connections for the read scenarios. */
  connections: numberSetting('connections', 'BENCH_CONNECTIONS', 50, 1),
  /** Concurrent enquiry submissions. */
  enquiryConnections: numberSetting('enquiry-connections', 'BENCH_ENQUIRY_CONNECTIONS', 100, 1),
  /** Rounds per scenario (the table shows medians). */
  runs: numberSetting('runs', 'BENCH_RUNS', 3, 1),
  /** Unmeasured load on each app before a scenario's rounds (JIT, caches). */
  warmup: numberSetting('warmup', 'BENCH_WARMUP_SECONDS', 2, 0),
  /**
   * Enquiries per run (instead of a duration): each needs its own captcha solution, solved before the run at about
   * 40 a second, which is what keeps the enquiry rounds short.
   */
  enquiries: numberSetting('enquiries', 'BENCH_ENQUIRIES', 500, 1),
  /** A response slower than this counts as an error (autocannon's timeout). */
  timeout: numberSetting('timeout', 'BENCH_TIMEOUT_SECONDS', 30, 1),
  databases: setting('databases', 'BENCH_DATABASES', 'pglite,postgres')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
  scenarios: setting('scenarios', 'BENCH_SCENARIOS', '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
  out: path.resolve(ROOT, setting('out', 'BENCH_OUT', 'server/bench/latest.md')),
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  /** The app's own default; the per-request log lines are part of what production pays. */
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
};

for (const name of SETTINGS.databases) {
  if (name !== 'pglite' && name !== 'postgres') throw new Error(`Unknown database "${name}" (pglite, postgres)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios

interface Prepared {
  body: string;
  headers: Record<string, string>;
}

interface Scenario {
  key: string;
  name: string;
  connections: number;
  /** The request (enquiries: each one's body and headers come from `prepare`). */
  request: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
  /** What a right 2xx answer holds (not an error page, not GraphQL `errors`), checked on every answer. */
  expect: Expectation;
  /** Requests that may be sent once only (a captcha solution each), made before the run. */
  prepare?(url: string, count: number): Promise<Prepared[]>;
  /** Measured on apps started with the page cache off (PAGE_CACHE=0): every request renders. */
  uncached?: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A complete page whose <title> starts with the seeded heading (a 404 or "back in a moment" page has another). */
function page(heading: string): Expectation {
  return { contains: [`<title>${escapeHtml(heading)}`, '</html>'] };
}

/**
 * A browser's page request from a public address (an Australian one: the bench stands in for the proxy), as visitors'
 * are: from a private address the country lookup fails and logs "Could not find IP" on every request.
 */
const VISITOR = '1.1.1.1';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'x-forwarded-for': VISITOR };
/** What Chromium sends: every browser, CDN and search crawler asks for a compressed page. */
const BROWSER = { ...HTML, 'accept-encoding': 'gzip, deflate, br, zstd' };
const HOME_SERVICES = 'query { getHomeServices(country_id: 1) { id title } }';

/** Solved captchas for `count` enquiries, each from its own visitor address (8 at a time). */
async function prepareEnquiries(url: string, count: number): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const from = visitorAddress();
      const input = { ...enquiry(`bench ${index} ${from}`), reCaptcha_token: await captchaToken(url, from) };
      prepared[index] = {
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ query: CONTACT_US, variables: { input } }),
      };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return prepared;
}

const ALL_SCENARIOS: Scenario[] = [
  {
    key: 'home',
    name: 'GET /',
    connections: SETTINGS.connections,
    request: { method: 'GET', path: '/', headers: BROWSER },
    expect: page(PAGE_CONTENT.Home.heading),
  },
  {
    // The same page to a client that asks for no compression: the kept page's full bytes every time.
    key: 'home-identity',
    name: 'GET / uncompressed',
    connections: SETTINGS.connections,
    request: { method: 'GET', path: '/', headers: HTML },
    expect: page(PAGE_CONTENT.Home.heading),
  },
  {
    // One visitor at a time, every request rendered: the median is the time one render takes.
    key: 'render',
    name: 'GET / rendered (page cache off)',
    connections: 1,
    request: { method: 'GET', path: '/', headers: HTML },
    expect: page(PAGE_CONTENT.Home.heading),
    uncached: true,
  },
  {
    key: 'visa',
    name: 'GET /visa/student',
    connections: SETTINGS.connections,
    request: { method: 'GET', path: '/visa/student', headers: BROWSER },
    expect: page(PAGE_CONTENT['Student Visa'].heading),
  },
  {
    key: 'graphql',
    name: 'GraphQL getHomeServices',
    connections: SETTINGS.connections,
    request: {
      method: 'POST',
      path: '/api/graphql',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': VISITOR },
      body: JSON.stringify({ query: HOME_SERVICES }),
    },
    // At least one service, and no GraphQL errors.
    expect: { contains: ['{"data":{"getHomeServices":[{"id":'], absent: ['"errors"'] },
  },
  {
    key: 'enquiry',
    name: 'Enquiry (addContactUsFormData)',
    connections: SETTINGS.enquiryConnections,
    request: { method: 'POST', path: '/api/graphql' },
    expect: { contains: ['"addContactUsFormData":{"success":true'], absent: ['"errors"'] },
    prepare: prepareEnquiries,
  },
];

const SCENARIOS = SETTINGS.scenarios.length
  ? ALL_SCENARIOS.filter((scenario) => SETTINGS.scenarios.includes(scenario.key))
  : ALL_SCENARIOS;
if (SCENARIOS.length === 0) throw new Error(`No scenario matches (${ALL_SCENARIOS.map((s) => s.key).join(', ')})`);

// ---------------------------------------------------------------------------------------------------------------
// Processes

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<unknown>)[] = [];

interface Target {
  /** `bare`, `pglite` or `postgres`. */
  key: string;
  label: string;
  url: string;
  /** For reading VmRSS (undefined for bare Fastify, whose memory is not reported). */
  pid?: number;
  app?: RunningApp;
}

async function startBare(): Promise<Target> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited during start-up:\n${output}`);
    if (
      await fetch(`${url}${BARE_PATH}`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`bare Fastify did not start:\n${output}`);
  }
  return { key: 'bare', label: 'bare Fastify', url };
}

/** The app's process id, from its JSON log lines (pino puts `pid` on each; the "Site ready" line is one). */
function pidOf(app: RunningApp): number | undefined {
  const match = /"pid":(\d+)/.exec(app.output());
  return match ? Number(match[1]) : undefined;
}

const APP_ENV = {
  // The captcha's proof of work in test mode (~500 hashes), so the bench can solve thousands of them.
  ALTCHA_MAX_NUMBER: '1000',
  // The bench stands in for a proxy: each enquiry names its own visitor, so the per-visitor limits never trip.
  TRUST_PROXY: '127.0.0.1',
  // The same content on both databases (PostgreSQL's default is no demo content).
  SEED_DEMO: '1',
  LOG_LEVEL: SETTINGS.logLevel,
  SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
};

async function startAppOn(key: string, options: { uncached?: boolean } = {}): Promise<Target> {
  const data = newDataDir();
  cleanups.push(() => Promise.resolve(data.remove()));
  const env: Record<string, string> = { ...APP_ENV, ...(options.uncached ? { PAGE_CACHE: '0' } : {}) };
  let label = 'PGlite';
  if (key === 'postgres') {
    // postgres.ts reads its server's address once, at import.
    process.env.RELIABILITY_DATABASE_URL = SETTINGS.databaseUrl;
    const { createDatabase } = await import('../reliability/support/postgres.js');
    const database: TestDatabase = await createDatabase();
    cleanups.push(() => database.drop());
    const [version] = await database.query<{ server_version: string }>('show server_version');
    env.DATABASE_URL = database.url();
    label = `PostgreSQL ${version?.server_version.split(' ')[0] ?? ''}`.trim();
    postgresVersion = label;
  }
  const app = await startApp(data.dir, env);
  // Stopped before its data folder goes and its database is dropped (clean-ups run last first).
  cleanups.push(() => app.stop());
  if (options.uncached) label += ', page cache off';
  return { key: options.uncached ? `${key}-uncached` : key, label, url: app.url, app, pid: pidOf(app) };
}

let postgresVersion = '';

function rssMb(pid: number | undefined): { rss?: number; peak?: number } {
  if (pid === undefined) return {};
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const read = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      return match ? Math.round(Number(match[1]) / 1024) : undefined;
    };
    return { rss: read('VmRSS'), peak: read('VmHWM') };
  } catch {
    return {};
  }
}

/** Waits until the app answers /healthz quickly again (abandoned requests drained), then a second more. */
async function settle(target: Target): Promise<void> {
  let quick = 0;
  for (const deadline = Date.now() + 60_000; quick < 3 && Date.now() < deadline; await sleep(200)) {
    const started = performance.now();
    await fetch(`${target.url}/healthz`).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    );
    quick = performance.now() - started < 25 ? quick + 1 : 0;
  }
  // Load shedding judges the event loop's delay over the last second.
  await sleep(1_000);
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

/** wrk for the timed scenarios when installed (see wrk.ts); autocannon for prepared enquiries, and otherwise. */
const WRK = findWrk();

interface Measurement {
  duration: number;
  /** Correct answers (2xx with the expected content) per second. */
  rps: number;
  /** Latency (autocannon: of 2xx answers; wrk: of every answer). */
  p50: number;
  p99: number;
  responses: number;
  correct: number;
  non2xx: number;
  status503: number;
  status429: number;
  /** 2xx answers without the expected content. */
  wrong: number;
  /** Connection errors and timeouts. */
  errors: number;
  firstWrong?: string;
}

async function measure(
  target: Target,
  scenario: Scenario,
  load: { seconds: number } | { prepared: Prepared[] },
  reference?: CompressedReference,
): Promise<Measurement> {
  const isBare = target.key === 'bare';
  if (WRK && 'seconds' in load) {
    // Bare Fastify's answers go through the same Lua check, so both sides pay the client the same.
    const result = await runWrk(WRK, {
      url: target.url,
      request: isBare ? { method: 'GET', path: BARE_PATH } : scenario.request,
      connections: scenario.connections,
      seconds: load.seconds,
      timeoutSeconds: SETTINGS.timeout,
      expect: isBare ? { contains: ['{"items":[{"id":1,'] } : scenario.expect,
      ...(reference ? { reference } : {}),
    });
    const correct = result.responses - result.non2xx - result.wrong;
    return { ...result, correct, rps: correct / result.duration };
  }
  let wrong = 0;
  let firstWrong: string | undefined;
  // Every answer is checked, but one as long as the first correct one is read in full only one time in 20: reading
  // every 40 KB page made the bench's client, not the app, what limited the rate (a wrong page is another length).
  let correctLength: number | undefined;
  let answers = 0;
  const request: autocannon.Request = isBare
    ? { method: 'GET', path: BARE_PATH }
    : {
        ...scenario.request,
        onResponse: (status: number, body: string, _context: object, headers: IncomingHttpHeaders = {}) => {
          if (status < 200 || status >= 300) return;
          answers += 1;
          if (headers['content-encoding']) {
            const same = headers['content-encoding'] === reference?.encoding && headers.etag === reference.etag;
            if (!same) {
              wrong += 1;
              firstWrong ??= `${headers['content-encoding']} answer with ETag ${headers.etag}`;
            }
            return;
          }
          if (body.length === correctLength && answers % 20 !== 0) return;
          if (meetsExpectation(scenario.expect, body)) {
            correctLength ??= body.length;
          } else {
            wrong += 1;
            firstWrong ??= body.slice(0, 400);
          }
        },
      };
  let amount: number | undefined;
  if (!isBare && 'prepared' in load) {
    // Each prepared request once; a connection replaced after a timeout takes the next one, so a few are spare.
    const queue = load.prepared;
    let next = 0;
    amount = Math.max(scenario.connections, queue.length - scenario.connections);
    request.setupRequest = (base) => {
      const item = queue[Math.min(next++, queue.length - 1)]!;
      return { ...base, body: item.body, headers: item.headers };
    };
  }
  const result = await autocannon({
    url: target.url,
    connections: scenario.connections,
    timeout: SETTINGS.timeout,
    ...(amount !== undefined ? { amount } : { duration: 'seconds' in load ? load.seconds : SETTINGS.seconds }),
    requests: [request],
  });
  const count = (status: number) => result.statusCodeStats?.[`${status}`]?.count ?? 0;
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const correct = result['2xx'] - wrong;
  return {
    duration: result.duration,
    rps: correct / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    responses,
    correct,
    non2xx: result.non2xx,
    status503: count(503),
    status429: count(429),
    wrong,
    errors: result.errors,
    firstWrong,
  };
}

/**
 * One request before any load: the scenario must answer correctly at all, or the bench stops here. A compressed
 * answer (fetch decodes it) gives the reference the answers under load are held to.
 */
async function precheck(target: Target, scenario: Scenario): Promise<CompressedReference | undefined> {
  const prepared = scenario.prepare ? (await scenario.prepare(target.url, 1))[0] : undefined;
  const response = await fetch(`${target.url}${scenario.request.path}`, {
    method: scenario.request.method,
    headers: prepared?.headers ?? scenario.request.headers,
    body: prepared?.body ?? scenario.request.body,
  });
  const body = await response.text();
  if (response.status !== 200 || !meetsExpectation(scenario.expect, body)) {
    throw new Error(
      `${scenario.name} on ${target.label} answered ${response.status} without the expected content:\n` +
        body.slice(0, 800),
    );
  }
  const encoding = response.headers.get('content-encoding');
  const etag = response.headers.get('etag');
  // fetch asks for gzip by itself: only a scenario that asks for compression is held to a reference.
  if (!encoding || !scenario.request.headers?.['accept-encoding']) return undefined;
  if (!etag) throw new Error(`${scenario.name} on ${target.label} answered ${encoding} without an ETag`);
  return { encoding, etag };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Row {
  scenario: Scenario;
  target: Target;
  runs: Measurement[];
  ratios: number[];
}

function summary(row: Row) {
  const sum = (pick: (m: Measurement) => number) => row.runs.reduce((total, run) => total + pick(run), 0);
  const responses = sum((m) => m.responses);
  const bad = sum((m) => m.non2xx + m.wrong + m.errors);
  return {
    rps: median(row.runs.map((m) => m.rps)),
    p50: median(row.runs.map((m) => m.p50)),
    p99: median(row.runs.map((m) => m.p99)),
    ratio: row.ratios.length ? median(row.ratios) : undefined,
    responses,
    correct: sum((m) => m.correct),
    non2xx: sum((m) => m.non2xx),
    status503: sum((m) => m.status503),
    status429: sum((m) => m.status429),
    wrong: sum((m) => m.wrong),
    errors: sum((m) => m.errors),
    badShare: bad / Math.max(1, responses + sum((m) => m.errors)),
  };
}

const startedAt = Date.now();
/** A progress line with the time since the start, so a slow phase shows. */
const progress = (line: string) => {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(`[${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}] ${line}`);
};
const log = (line: string) => console.log(line);
const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ms = (value: number) => (value >= 100 ? fixed(value) : fixed(value, 1));
const rps = (value: number) => (value >= 100 ? fixed(value) : fixed(value, 1));
const ratio = (value: number | undefined) =>
  value === undefined ? '—' : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);

// ---------------------------------------------------------------------------------------------------------------
// The run

async function main(): Promise<void> {
  const machine = {
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus().length,
    node: process.version,
    os: `Linux ${release()}`,
    memory: `${Math.round(totalmem() / 1024 ** 3)} GB RAM`,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  };
  // Rough: runs of `seconds`, a second or two of settling after each, solving captchas at ~40 a second.
  const apps_ = SETTINGS.databases.length;
  const estimate = SCENARIOS.reduce((total, scenario) => {
    const warmup = (SETTINGS.warmup + 2) * (apps_ + 1);
    if (!scenario.prepare) return total + warmup + SETTINGS.runs * (SETTINGS.seconds + 2) * (apps_ + 1);
    const solving = ((SETTINGS.enquiries + 2 * scenario.connections) / 40) * apps_;
    return total + warmup + SETTINGS.runs * (SETTINGS.seconds + 2 + solving + 8 * apps_);
  }, 30);
  progress(
    `Bench: ${SCENARIOS.map((s) => s.key).join(', ')} on ${SETTINGS.databases.join(', ')}, load from ` +
      `${WRK ? 'wrk' : 'autocannon (wrk not installed)'}; ` +
      `${SETTINGS.runs} rounds of ${SETTINGS.seconds} s per scenario (bare Fastify, then each app), ` +
      `${SETTINGS.connections} connections (enquiries ${SETTINGS.enquiryConnections}); about ` +
      `${Math.ceil(estimate / 60)} min after start-up.`,
  );

  const bare = await startBare();
  const apps: Target[] = [];
  for (const key of SETTINGS.databases) {
    progress(`Starting the built app on ${key}…`);
    apps.push(await startAppOn(key));
  }
  await sleep(5_000);
  const idle = new Map(apps.map((app) => [app.key, rssMb(app.pid)]));
  for (const app of apps) {
    progress(`${app.label}: ${app.url}, pid ${app.pid ?? '?'}, RSS idle ${idle.get(app.key)?.rss ?? '?'} MB`);
  }

  // Apps with the page cache off, started when a scenario first needs them.
  let uncachedApps: Target[] | undefined;
  const appsFor = async (scenario: Scenario): Promise<Target[]> => {
    if (!scenario.uncached) return apps;
    if (!uncachedApps) {
      uncachedApps = [];
      for (const key of SETTINGS.databases) {
        progress(`Starting the built app on ${key} with the page cache off…`);
        uncachedApps.push(await startAppOn(key, { uncached: true }));
      }
    }
    return uncachedApps;
  };

  const rows: Row[] = [];
  const warmedBare = new Set<number>();
  for (const scenario of SCENARIOS) {
    const targets = await appsFor(scenario);
    const references = new Map<Target, CompressedReference | undefined>();
    for (const app of targets) references.set(app, await precheck(app, scenario));
    const bareRow: Row = { scenario, target: bare, runs: [], ratios: [] };
    const appRows = targets.map((target): Row => ({ scenario, target, runs: [], ratios: [] }));
    rows.push(bareRow, ...appRows);

    // Warm-up, not counted.
    if (!warmedBare.has(scenario.connections) && SETTINGS.warmup > 0) {
      await measure(bare, scenario, { seconds: SETTINGS.warmup });
      warmedBare.add(scenario.connections);
    }
    for (const app of targets) {
      if (scenario.prepare) {
        await measure(app, scenario, { prepared: await scenario.prepare(app.url, 2 * scenario.connections) });
      } else if (SETTINGS.warmup > 0) {
        await measure(app, scenario, { seconds: SETTINGS.warmup }, references.get(app));
      }
      await settle(app);
    }

    for (let round = 1; round <= SETTINGS.runs; round += 1) {
      const prepared = new Map<string, Prepared[]>();
      if (scenario.prepare) {
        for (const app of targets) {
          // A few spare: a connection replaced after a timeout takes the next one.
          const count = Math.max(SETTINGS.enquiries, scenario.connections) + scenario.connections;
          progress(`  preparing ${count} enquiries (captcha solutions) for ${app.label}…`);
          prepared.set(app.key, await scenario.prepare(app.url, count));
          await settle(app);
        }
      }
      const bareRun = await measure(bare, scenario, { seconds: SETTINGS.seconds });
      bareRow.runs.push(bareRun);
      progress(
        `${scenario.name} round ${round}/${SETTINGS.runs}: bare ${rps(bareRun.rps)} req/s, p99 ${ms(bareRun.p99)} ms`,
      );
      for (const [index, app] of targets.entries()) {
        const queue = prepared.get(app.key);
        const run = await measure(
          app,
          scenario,
          queue ? { prepared: queue } : { seconds: SETTINGS.seconds },
          references.get(app),
        );
        const row = appRows[index]!;
        row.runs.push(run);
        row.ratios.push(run.rps / bareRun.rps);
        progress(
          `  ${app.label}: ${rps(run.rps)} req/s, p50 ${ms(run.p50)} ms, p99 ${ms(run.p99)} ms, ` +
            `${run.correct}/${run.responses} correct, ${run.non2xx} non-2xx (${run.status503} × 503), ` +
            `${run.wrong} wrong, ${run.errors} errors, ${fixed(run.duration, 1)} s`,
        );
        if (run.firstWrong) log(`    a wrong answer: ${run.firstWrong.replace(/\s+/g, ' ').slice(0, 300)}`);
        await settle(app);
      }
    }
  }

  const afterLoad = new Map(apps.map((app) => [app.key, rssMb(app.pid)]));
  const minutes = (Date.now() - startedAt) / 60_000;

  // The table, on the terminal and as markdown.
  const header = [
    'Scenario',
    'Database',
    'Conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    '× bare req/s',
    'Responses',
    'non-2xx',
    '503',
    '429',
    'Wrong body',
    'Conn. errors',
  ];
  const table = rows.map((row) => {
    const s = summary(row);
    return [
      row.scenario.name,
      row.target.label,
      String(row.scenario.connections),
      rps(s.rps),
      ms(s.p50),
      ms(s.p99),
      ratio(s.ratio),
      String(s.responses),
      String(s.non2xx),
      String(s.status503),
      String(s.status429),
      String(s.wrong),
      String(s.errors),
    ];
  });
  const memoryHeader = ['Database', 'RSS idle MB', 'RSS after load MB', 'Peak RSS MB'];
  const memory = apps.map((app) => [
    app.label,
    String(idle.get(app.key)?.rss ?? '?'),
    String(afterLoad.get(app.key)?.rss ?? '?'),
    String(afterLoad.get(app.key)?.peak ?? '?'),
  ]);
  const machineLine =
    `${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, ${machine.os}` +
    `${postgresVersion ? `, ${postgresVersion}` : ''}; ${machine.date}`;
  const client = WRK
    ? `wrk (one thread; its Lua checks every answer: status, the expected text, a compressed page's encoding and ETag) ` +
      `for the timed scenarios, autocannon for the enquiries`
    : `autocannon (wrk is not installed: the bench's own cost of reading compressed pages in JavaScript then limits ` +
      `the page rates; a correct answer's length is read in full one time in 20)`;
  const method =
    `${client}; ${SETTINGS.seconds} s per run (enquiries: ${SETTINGS.enquiries} per run, each with its own ` +
    `captcha solution and visitor address), median of ` +
    `${SETTINGS.runs} rounds; each round measures bare Fastify (2 KB JSON, same connections, same client) right ` +
    `before the apps, and "× bare" is the median of the rounds' ratios. req/s counts only correct answers (2xx with ` +
    `the expected content). The app runs in production mode with its defaults (load shedding ` +
    `on, LOG_LEVEL=${SETTINGS.logLevel}), demo content on both databases. Page requests ask for compression as browsers do (\`${BROWSER['accept-encoding']}\`; ` +
    `such answers are held to the ETag and encoding of one decoded and checked before the run) except "uncompressed" and the render; page and GraphQL requests come from ` +
    `a public address (${VISITOR}, forwarded by the bench as a proxy would), as visitors' do.`;

  log('');
  log(`Machine: ${machineLine}`);
  log(plainTable(header, table));
  log('');
  log(plainTable(memoryHeader, memory));
  log('');
  log(method);
  log(`Took ${minutes.toFixed(1)} min (after the build).`);

  const markdown = [
    `# Bench ${machine.date}`,
    '',
    `Machine: ${machineLine}.`,
    '',
    markdownTable(header, table),
    '',
    markdownTable(memoryHeader, memory),
    '',
    `${method} Took ${minutes.toFixed(1)} min.`,
    '',
  ].join('\n');
  writeFileSync(SETTINGS.out, markdown);
  log(`Wrote ${path.relative(process.cwd(), SETTINGS.out) || SETTINGS.out}`);

  // A benchmark of error pages is no benchmark: fail loudly.
  const failures = rows
    .map((row) => ({ row, s: summary(row) }))
    .filter(({ s }) => s.badShare > 0.01 || s.correct === 0)
    .map(
      ({ row, s }) =>
        `${row.scenario.name} on ${row.target.label}: ${(s.badShare * 100).toFixed(1)}% errors ` +
        `(${s.non2xx} non-2xx of which ${s.status503} × 503 and ${s.status429} × 429, ${s.wrong} wrong bodies, ` +
        `${s.errors} connection errors)`,
    );
  if (failures.length) {
    console.error(`\nBENCH FAILED: more than 1% of requests were errors:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

function plainTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, column) => (column < 2 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => console.error('clean-up:', error));
  }
}

let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error('\nInterrupted: stopping the servers and dropping the database…');
  void cleanUp().then(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
