import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import { SVG_MAX_BYTES, SVG_TOO_LARGE_MESSAGE } from '../../../shared/media.js';

/**
 * A strict allow-list SVG sanitiser for uploaded country flags (decision 017).
 *
 * The SVG is parsed as XML (a document that declares entities is refused: no XXE, no "billion laughs"), then
 * written out anew from what is known to be harmless: drawing elements, their geometry and presentation
 * attributes, text, and references to fragments of the same document. Everything else is dropped: script,
 * foreignObject, links, images, animation, event handlers, external references, comments, processing
 * instructions, and every piece of CSS. Styles are not kept as CSS: the declarations of `style` attributes and of
 * `.class` rules in `<style>` elements become presentation attributes (`fill="…"`), so the result needs no inline
 * CSS and renders under the media CSP `default-src 'none'; sandbox`.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** More elements than any flag needs; bounds the work on a hostile file. */
export const SVG_MAX_ELEMENTS = 10_000;
/** Deeper nesting than this is not a drawing; bounds recursion. */
const SVG_MAX_DEPTH = 64;

/** Why an SVG file was refused, in words for the person who chose it. */
export class SvgRefused extends Error {
  override name = 'SvgRefused';
}

/** The text is not an SVG document at all (not XML, or another root element). */
export class NotAnSvg extends Error {
  override name = 'NotAnSvg';
}

export interface SanitisedSvg {
  svg: string;
  /** From the root's width/height (or its viewBox), when given in plain numbers or pixels. */
  width: number | null;
  height: number | null;
}

/** Elements kept (SVG namespace only). Anything else goes with its whole subtree. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
]);

/** Elements whose text is kept (escaped). */
const TEXT_ELEMENTS = new Set(['title', 'desc', 'text', 'tspan']);

/**
 * `<switch>` (which editors wrap around their own foreignObject data) is written as a `<g>` of its kept children:
 * the foreignObject child goes, the drawing stays.
 */
const WRITTEN_AS_GROUP = new Set(['switch']);

/** Presentation properties: allowed as attributes, and taken over from `style` attributes and `.class` rules. */
const PRESENTATION = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'stop-color',
  'stop-opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'marker-start',
  'marker-mid',
  'marker-end',
  'visibility',
  'display',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'vector-effect',
  'shape-rendering',
  'paint-order',
  'overflow',
]);

/** Geometry and structure attributes (no namespace). `href` is handled on its own. */
const ATTRIBUTES = new Set([
  'id',
  'x',
  'y',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'd',
  'points',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x1',
  'y1',
  'x2',
  'y2',
  'fx',
  'fy',
  'fr',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'transform',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'pathLength',
]);

/** CSS/SVG functions a value may call, besides `url(#id)`: colours and transforms. */
const FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'matrix', 'translate', 'scale', 'rotate', 'skewx', 'skewy']);

/** What an attribute value may consist of: no `:` (no `javascript:`), no `\` (no CSS escapes), no `;{}<>@&`. */
const SAFE_VALUE = /^[A-Za-z0-9\s#%.,()+\-'"/_]*$/;
const FRAGMENT_URL = /url\(\s*(['"]?)#[A-Za-z_][\w.-]*\1\s*\)/gi;
const FRAGMENT_HREF = /^#[A-Za-z_][\w.-]*$/;
const ID = /^[A-Za-z_][\w.-]*$/;
const CLASS_SELECTOR = /^\.(-?[A-Za-z_][\w-]*)$/;

/**
 * The names of the functions a value calls (`rgb`, `url`, …), found by looking back from each `(`. Written without
 * a backtracking regular expression: values are untrusted and may be a megabyte long.
 */
function calledFunctions(value: string): string[] {
  const names: string[] = [];
  for (let open = value.indexOf('('); open >= 0; open = value.indexOf('(', open + 1)) {
    let end = open;
    while (end > 0 && /\s/.test(value[end - 1]!)) end--;
    let start = end;
    while (start > 0 && /[A-Za-z-]/.test(value[start - 1]!)) start--;
    names.push(value.slice(start, end).toLowerCase());
  }
  return names;
}

function isSafeValue(value: string): boolean {
  if (!SAFE_VALUE.test(value)) return false;
  // Every url() must point into this document; then only known functions may remain.
  const rest = value.replace(FRAGMENT_URL, '');
  return calledFunctions(rest).every((name) => FUNCTIONS.has(name));
}

/** CSS without its comments (an unclosed comment runs to the end), in one pass. */
function withoutComments(css: string): string {
  let kept = '';
  let from = 0;
  for (let open = css.indexOf('/*'); open >= 0; open = css.indexOf('/*', from)) {
    kept += css.slice(from, open);
    const close = css.indexOf('*/', open + 2);
    if (close < 0) return kept;
    from = close + 2;
  }
  return kept + css.slice(from);
}

/** `prop: value; …` into [property, value] pairs (lower-case property, `!important` dropped). */
function declarations(css: string): [string, string][] {
  return withoutComments(css)
    .split(';')
    .flatMap((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return [];
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration
        .slice(colon + 1)
        .replace(/!\s*important\s*$/i, '')
        .trim();
      return property && value ? [[property, value] as [string, string]] : [];
    });
}

/** `.name { … }` rules of every `<style>` element, by class name, in document order (later rules win). */
function classRules(document: Document): Map<string, [string, string][]> {
  const rules = new Map<string, [string, string][]>();
  const styles = document.getElementsByTagNameNS(SVG_NS, 'style');
  for (let index = 0; index < styles.length; index++) {
    const css = withoutComments(styles.item(index)?.textContent ?? '');
    // Each `selectors { declarations }` block, innermost braces only: at-rules (@import, @font-face, @media's own
    // braces) never count as selectors, and nothing of the CSS is ever written out, only the declarations of
    // plain class selectors.
    for (const block of css.split('}')) {
      const open = block.lastIndexOf('{');
      if (open < 0) continue;
      const prelude = block.slice(0, open);
      // A statement before the rule (`@import …;`) or an enclosing at-rule is not part of its selector.
      const selectors = prelude.slice(Math.max(prelude.lastIndexOf(';'), prelude.lastIndexOf('{')) + 1);
      const parsed = declarations(block.slice(open + 1));
      for (const selector of selectors.split(',')) {
        const name = CLASS_SELECTOR.exec(selector.trim())?.[1];
        if (name) rules.set(name, [...(rules.get(name) ?? []), ...parsed]);
      }
    }
  }
  return rules;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/** A length in user units or pixels ("60", "60px", "60.5"); anything relative is unknown. */
function pixels(value: string | null | undefined): number | null {
  const match = value ? /^([0-9]+(?:\.[0-9]+)?)(?:px)?$/.exec(value.trim()) : null;
  const number = match ? Number(match[1]) : NaN;
  return Number.isFinite(number) && number > 0 ? Math.round(number) : null;
}

function sizeOf(root: Element): { width: number | null; height: number | null } {
  const width = pixels(root.getAttribute('width'));
  const height = pixels(root.getAttribute('height'));
  if (width !== null && height !== null) return { width, height };
  const box = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  }
  return { width, height };
}

/** Whether the (first) DOCTYPE has an internal subset (`[ … ]`), found without a backtracking expression. */
function declaresInDoctype(source: string): boolean {
  const doctype = source.toLowerCase().indexOf('<!doctype');
  if (doctype < 0) return false;
  const subset = source.indexOf('[', doctype);
  const end = source.indexOf('>', doctype);
  return subset >= 0 && (end < 0 || subset < end);
}

function parse(source: string): Document {
  // No DTD is ever needed to draw a flag. A bare <!DOCTYPE svg PUBLIC …> line (as some editors write) names a DTD
  // nobody fetches and is dropped; one that declares anything (entities: XXE, billion laughs) is refused.
  if (/<!ENTITY/i.test(source) || declaresInDoctype(source)) {
    throw new SvgRefused('SVG files that declare entities (a DOCTYPE with declarations) are not accepted');
  }
  let document: Document;
  try {
    document = new DOMParser({
      // Strict: anything the parser would have to guess about (undefined entities included) refuses the file.
      onError: (_level, message) => {
        throw new Error(message);
      },
    }).parseFromString(source, 'image/svg+xml');
  } catch {
    // A broken SVG gets its own message; HTML or any other text is simply not an image.
    if (/<svg[\s>]/.test(source)) throw new SvgRefused('The SVG file could not be read');
    throw new NotAnSvg('Not XML');
  }
  if (document.doctype?.internalSubset) {
    throw new SvgRefused('SVG files that declare entities (a DOCTYPE with declarations) are not accepted');
  }
  return document;
}

/**
 * The safe subset of an SVG document, as a new document. NotAnSvg when the text is no SVG document; SvgRefused
 * (with the reason) when it is broken, declares entities, or is larger or more complex than a flag can be.
 */
export function sanitiseSvg(source: string): SanitisedSvg {
  if (Buffer.byteLength(source) > SVG_MAX_BYTES) {
    throw new SvgRefused(SVG_TOO_LARGE_MESSAGE);
  }
  const document = parse(source);
  const root = document.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') {
    throw new NotAnSvg('Not an SVG document');
  }
  const rules = classRules(document);
  let elements = 0;

  /** The element's kept attributes: its own, then its classes' rules, then its `style` attribute (CSS order). */
  function attributesOf(element: Element): Map<string, string> {
    const kept = new Map<string, string>();
    for (let index = 0; index < element.attributes.length; index++) {
      const attribute = element.attributes.item(index)!;
      const name = attribute.localName ?? attribute.name;
      const value = attribute.value;
      if (attribute.namespaceURI === XLINK_NS || (attribute.namespaceURI === null && name === 'href')) {
        // Only a fragment of this document (gradients, <use>); written as plain `href`.
        if (name === 'href' && FRAGMENT_HREF.test(value.trim())) kept.set('href', value.trim());
      } else if (attribute.namespaceURI === XML_NS && name === 'space' && /^(?:preserve|default)$/.test(value)) {
        kept.set('xml:space', value);
      } else if (attribute.namespaceURI === null && (ATTRIBUTES.has(name) || PRESENTATION.has(name))) {
        kept.set(name, value);
      }
    }
    const fromCss = [
      ...(element.getAttribute('class') ?? '').split(/\s+/).flatMap((name) => rules.get(name) ?? []),
      ...declarations(element.getAttributeNS(null, 'style') ?? ''),
    ];
    for (const [property, value] of fromCss) if (PRESENTATION.has(property)) kept.set(property, value);
    for (const [name, value] of kept) {
      const safe =
        name === 'href' ? true : name === 'id' ? ID.test(value) : name === 'xml:space' ? true : isSafeValue(value);
      if (!safe) kept.delete(name);
    }
    return kept;
  }

  function write(node: Node, depth: number, inText: boolean): string {
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      return inText ? escapeText(node.nodeValue ?? '') : '';
    }
    // Comments, processing instructions and anything else are dropped.
    if (node.nodeType !== ELEMENT_NODE) return '';
    const element = node as Element;
    elements += 1;
    if (elements > SVG_MAX_ELEMENTS) {
      throw new SvgRefused(`The SVG file is too complex (at most ${SVG_MAX_ELEMENTS} elements)`);
    }
    if (depth > SVG_MAX_DEPTH) throw new SvgRefused('The SVG file is nested too deeply');
    if (element.namespaceURI !== SVG_NS) return '';
    const name = element.localName ?? '';
    const asGroup = WRITTEN_AS_GROUP.has(name);
    if (!ELEMENTS.has(name) && !asGroup) return '';
    const attributes = asGroup ? new Map<string, string>() : attributesOf(element);
    // A <use> that does not point into this document draws nothing here and is dropped.
    if (name === 'use' && !attributes.has('href')) return '';
    const tag = asGroup ? 'g' : name;
    let content = '';
    const children = element.childNodes;
    for (let index = 0; index < children.length; index++) {
      content += write(children.item(index)!, depth + 1, TEXT_ELEMENTS.has(name));
    }
    const written = [...(depth === 0 ? [['xmlns', SVG_NS]] : []), ...attributes].map(
      ([attribute, value]) => ` ${attribute}="${escapeAttribute(value!)}"`,
    );
    return content ? `<${tag}${written.join('')}>${content}</${tag}>` : `<${tag}${written.join('')}/>`;
  }

  const svg = write(root, 0, false);
  return { svg, ...sizeOf(root) };
}
