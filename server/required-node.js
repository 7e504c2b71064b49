// @ts-check
/**
 * The first step of `npm ci`, `npm test`, `npm start` and `npm run dev`: on a Node.js older than the `engines` floor
 * in package.json, say so in one line and stop, instead of failing later with a stack trace from deep inside a
 * library. Plain JavaScript that any Node.js since 16 runs, because it has to run on the wrong one.
 */
import { readFileSync } from 'node:fs';

/**
 * `>=22.22` (package.json's `engines.node`) as numbers, e.g. [22, 22, 0].
 * @param {string} range
 */
function floorOf(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`package.json's engines.node should read ">=<version>", not "${range}"`);
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/**
 * `v20.20.2` or `20.20.2` as numbers.
 * @param {string} text
 */
function versionOf(text) {
  return text
    .replace(/^v/, '')
    .split('.')
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/**
 * The line to print when `found` is older than `range`, or undefined when it will do.
 * @param {string} found e.g. `v20.20.2`
 * @param {string} range e.g. `>=22.22`
 * @param {string} recommended the major version in .nvmrc, e.g. `24`
 * @returns {string | undefined}
 */
function nodeVersionProblem(found, range, recommended) {
  const have = versionOf(found);
  const need = floorOf(range);
  for (let i = 0; i < 3; i++) {
    const mine = have[i] ?? 0;
    const floor = need[i] ?? 0;
    if (mine > floor) return undefined;
    if (mine < floor) {
      return (
        `Node.js ${need.slice(0, 2).join('.')} or newer is needed, and this is Node.js ${have.join('.')}. Install ` +
        `Node.js ${recommended} (.nvmrc names it: "nvm install", "fnm use --install-if-missing") or get it from ` +
        'https://nodejs.org, then run the command again.'
      );
    }
  }
  return undefined;
}

const root = new URL('..', import.meta.url);
/** @type {unknown} */
const project = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const range = /** @type {{ engines: { node: string } }} */ (project).engines.node;
const recommended = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
// REQUIRED_NODE_FOUND stands in for the running version, so a test can show what an older Node.js is told.
const problem = nodeVersionProblem(process.env.REQUIRED_NODE_FOUND || process.version, range, recommended);
if (problem) {
  console.error(problem);
  process.exit(1);
}
