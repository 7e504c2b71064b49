/**
 * The bench's load for the timed scenarios, with wrk (Debian's `wrk` package) when it is installed: a client in C,
 * whose own cost stays far below the app's. autocannon, in the same process as the bench, turns every answer's body
 * into a string in JavaScript; for a compressed page (binary bytes) that cost more than the app's work, so the
 * ratio measured the client (0.30 × bare with autocannon, 0.58 × with wrk, same build and minute). Every answer is
 * still checked, in wrk's Lua: status, the expected text (or a compressed page's encoding and ETag).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What a correct answer holds: every `contains` text and none of `absent`. */
export interface Expectation {
  contains: string[];
  absent?: string[];
}

/** A compressed answer is held to the encoding and ETag of one decoded and checked before the run. */
export interface CompressedReference {
  encoding: string;
  etag: string;
}

export interface WrkLoad {
  url: string;
  request: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
  connections: number;
  seconds: number;
  timeoutSeconds: number;
  expect: Expectation;
  reference?: CompressedReference;
}

export interface WrkResult {
  duration: number;
  responses: number;
  /** 2xx answers whose content was checked and found wrong. */
  wrong: number;
  non2xx: number;
  status503: number;
  status429: number;
  errors: number;
  /** Milliseconds, of every answer (wrk does not split latencies by status). */
  p50: number;
  p99: number;
  firstWrong?: string;
}

/** The path of wrk if it is installed, else undefined. */
export function findWrk(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A Lua long string holding `text` as it is (no escapes to get wrong). */
function luaString(text: string): string {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

const luaList = (texts: string[]) => `{ ${texts.map(luaString).join(', ')} }`;

function script(load: WrkLoad): string {
  const { request, expect, reference } = load;
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join('\n');
  return `
wrk.method = ${luaString(request.method)}
${request.body !== undefined ? `wrk.body = ${luaString(request.body)}` : ''}
${headers}
local contains = ${luaList(expect.contains)}
local absent = ${luaList(expect.absent ?? [])}
local encoding = ${reference ? luaString(reference.encoding) : 'nil'}
local etag = ${reference ? luaString(reference.etag) : 'nil'}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  wrong, non2xx, s503, s429, first = 0, 0, 0, 0, ""
end

local function bad(why)
  wrong = wrong + 1
  -- Only to show: control characters, quotes and backslashes become spaces, so it fits in a JSON string.
  if first == "" then first = string.gsub(string.sub(why, 1, 300), '[%c"\\\\]', " ") end
end

function response(status, headers, body)
  if status < 200 or status >= 300 then
    non2xx = non2xx + 1
    if status == 503 then s503 = s503 + 1 elseif status == 429 then s429 = s429 + 1 end
    return
  end
  local named = {}
  for name, value in pairs(headers) do named[string.lower(name)] = value end
  if named["content-encoding"] then
    if named["content-encoding"] ~= encoding or named["etag"] ~= etag then
      bad((named["content-encoding"] or "") .. " answer with ETag " .. (named["etag"] or "none"))
    end
    return
  end
  for _, text in ipairs(contains) do
    if not string.find(body, text, 1, true) then return bad(body) end
  end
  for _, text in ipairs(absent) do
    if string.find(body, text, 1, true) then return bad(body) end
  end
end

function done(summary, latency, requests)
  local w, n, a, b, f = 0, 0, 0, 0, ""
  for _, thread in ipairs(threads) do
    w = w + thread:get("wrong")
    n = n + thread:get("non2xx")
    a = a + thread:get("s503")
    b = b + thread:get("s429")
    if f == "" then f = thread:get("first") end
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"duration_us":%d,"responses":%d,"wrong":%d,"non2xx":%d,"s503":%d,"s429":%d,"errors":%d,"p50_us":%d,"p99_us":%d,"first":"%s"}\\n',
    summary.duration, summary.requests, w, n, a, b, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), f))
end
`;
}

/** Runs one timed load with wrk (one thread: the app and the bench share the machine's cores). */
export async function runWrk(wrk: string, load: WrkLoad): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'load.lua');
  writeFileSync(file, script(load));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        wrk,
        [
          '--threads=1',
          `--connections=${load.connections}`,
          `--duration=${load.seconds}s`,
          `--timeout=${load.timeoutSeconds}s`,
          `--script=${file}`,
          `${load.url}${load.request.path}`,
        ],
        { maxBuffer: 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout),
      );
    });
    const line = /^WRK_RESULT (.*)$/m.exec(output)?.[1];
    if (!line) throw new Error(`wrk printed no result:\n${output}`);
    const result = JSON.parse(line) as {
      duration_us: number;
      responses: number;
      wrong: number;
      non2xx: number;
      s503: number;
      s429: number;
      errors: number;
      p50_us: number;
      p99_us: number;
      first: string;
    };
    return {
      duration: result.duration_us / 1e6,
      responses: result.responses,
      wrong: result.wrong,
      non2xx: result.non2xx,
      status503: result.s503,
      status429: result.s429,
      errors: result.errors,
      p50: result.p50_us / 1000,
      p99: result.p99_us / 1000,
      ...(result.first ? { firstWrong: result.first } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same check as the Lua one, for answers read here (the precheck, autocannon's). */
export function meetsExpectation(expect: Expectation, body: string): boolean {
  return expect.contains.every((text) => body.includes(text)) && !(expect.absent ?? []).some((t) => body.includes(t));
}
