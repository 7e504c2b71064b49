import { DOMParser } from '@xmldom/xmldom';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SVG_MAX_BYTES } from '../../../shared/media.js';
import { MALICIOUS_SVG, MALICIOUS_TRACES } from '../../test/images.js';
import { NotAnSvg, SVG_MAX_ELEMENTS, SvgRefused, sanitiseSvg } from './svg-sanitiser.js';

const SVG = 'http://www.w3.org/2000/svg';

function refusal(source: string): Error | undefined {
  try {
    sanitiseSvg(source);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** Renders an SVG at its own size as raw RGB pixels (librsvg, as sharp uses it). */
async function render(svg: string) {
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

describe('sanitiseSvg', () => {
  it('keeps none of the tricks of a malicious SVG, and keeps its drawing', () => {
    const { svg, width, height } = sanitiseSvg(MALICIOUS_SVG);
    for (const trace of MALICIOUS_TRACES) expect(svg, trace).not.toContain(trace);
    expect({ width, height }).toEqual({ width: 60, height: 40 });
    expect(svg).toBe(
      `<svg xmlns="${SVG}" width="60" height="40" viewBox="0 0 60 40">` +
        '<rect width="60" height="40" fill="#ffffff"/>' +
        // The class rule's safe part and the style attribute's safe part became attributes.
        '<rect x="0" width="15" height="40" fill="#d52b1e" stroke-width="2"/>' +
        // The external paint went; the style attribute's colour won, as it does in CSS.
        '<rect x="45" width="15" height="40" fill="#d52b1e"/>' +
        '<rect x="20" width="20" height="5"/>' +
        '</svg>',
    );
  });

  it('writes a document that parses as SVG on its own', () => {
    const { svg } = sanitiseSvg(MALICIOUS_SVG);
    const document = new DOMParser({
      onError: (_level, message) => {
        throw new Error(message);
      },
    }).parseFromString(svg, 'image/svg+xml');
    expect(document.documentElement?.namespaceURI).toBe(SVG);
    expect(document.documentElement?.localName).toBe('svg');
  });

  it('keeps a normal flag as it looks: shapes, colours, gradients, symbols, classes and text', async () => {
    const flag = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="${SVG}" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="90" height="60" viewBox="0 0 9 6">
  <title>Flag of somewhere</title>
  <style type="text/css">.st0{fill:#003893;} .st1, .st2 { fill: #FFFFFF !important }</style>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#dc143c"/><stop offset="1" style="stop-color:#8b0000"/>
    </linearGradient>
    <path id="star" d="M0,-1 L0.59,0.81 L-0.95,-0.31 L0.95,-0.31 L-0.59,0.81 Z"/>
    <clipPath id="half"><rect width="9" height="3"/></clipPath>
  </defs>
  <rect width="9" height="6" fill="url(#sky)"/>
  <g class="st0" clip-path="url(#half)"><rect x="0" y="0" width="3" height="6"/></g>
  <use xlink:href="#star" class="st1" transform="translate(6,3) scale(1.2)"/>
  <circle cx="1.5" cy="4.5" r="0.8" style="fill:#ffce00;stroke:#000000;stroke-width:0.1"/>
  <text x="4" y="5.5" font-size="0.8" fill="#ffffff">A &amp; B</text>
</svg>`;
    const { svg, width, height } = sanitiseSvg(flag);
    expect({ width, height }).toEqual({ width: 90, height: 60 });
    for (const kept of [
      '<title>Flag of somewhere</title>',
      '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">',
      '<stop offset="1" stop-color="#8b0000"/>',
      '<rect width="9" height="6" fill="url(#sky)"/>',
      '<g clip-path="url(#half)" fill="#003893">',
      '<use href="#star" transform="translate(6,3) scale(1.2)" fill="#FFFFFF"/>',
      '<circle cx="1.5" cy="4.5" r="0.8" fill="#ffce00" stroke="#000000" stroke-width="0.1"/>',
      '<text x="4" y="5.5" font-size="0.8" fill="#ffffff">A &amp; B</text>',
    ]) {
      expect(svg).toContain(kept);
    }
    expect(svg).not.toContain('DOCTYPE');
    // It draws exactly what the original draws.
    const [original, sanitised] = await Promise.all([render(flag), render(svg)]);
    expect(sanitised.info).toMatchObject({ width: 90, height: 60 });
    expect(sanitised.data.equals(original.data)).toBe(true);
  });

  it('keeps only references into the same document', () => {
    const { svg } = sanitiseSvg(
      `<svg xmlns="${SVG}" xmlns:xlink="http://www.w3.org/1999/xlink">
        <linearGradient id="a"/><linearGradient id="b" xlink:href="#a"/><linearGradient id="c" href="https://x.example/#a"/>
        <rect fill="url( '#a' )" stroke="url(#a) url(https://x.example/#b)" width="1" height="1"/>
        <rect fill="URL(//x.example/a.svg#p)" mask="url(#a)" width="1" height="1"/>
        <use href="#a"/><use href="other.svg#a"/><use xlink:href="javascript:alert(1)"/>
      </svg>`,
    );
    expect(svg).toBe(
      `<svg xmlns="${SVG}"><linearGradient id="a"/><linearGradient id="b" href="#a"/><linearGradient id="c"/>` +
        `<rect fill="url( '#a' )" width="1" height="1"/><rect mask="url(#a)" width="1" height="1"/>` +
        '<use href="#a"/></svg>',
    );
  });

  it('keeps no value that could call or fetch anything', () => {
    const { svg } = sanitiseSvg(
      `<svg xmlns="${SVG}"><rect width="1" height="1" fill="var(--x)" stroke="expression(alert(1))"
        transform="rotate(45) evil(1)" id="ok_id" opacity="0.5" style="fill: image-set('x.png' 1x); stroke: rgb(1, 2, 3)"/>
        <rect id="java&#10;script:x" width="1" height="1" fill="#fff;background:url(x)"/></svg>`,
    );
    expect(svg).toBe(
      `<svg xmlns="${SVG}"><rect width="1" height="1" stroke="rgb(1, 2, 3)" id="ok_id" opacity="0.5"/>` +
        '<rect width="1" height="1"/></svg>',
    );
  });

  it.each([
    [
      'a billion laughs',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
        <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="${SVG}"><text>&c;</text></svg>`,
    ],
    [
      'an external entity (XXE)',
      `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="${SVG}"><text>&xxe;</text></svg>`,
    ],
    [
      'a parameter entity',
      `<!DOCTYPE svg [<!ENTITY % p SYSTEM "https://evil.example/p.dtd"> %p;]><svg xmlns="${SVG}"/>`,
    ],
    ['an empty internal subset', `<!DOCTYPE svg []><svg xmlns="${SVG}"/>`],
  ])('refuses %s', (_label, source) => {
    const error = refusal(source);
    expect(error).toBeInstanceOf(SvgRefused);
    expect(error?.message).toBe('SVG files that declare entities (a DOCTYPE with declarations) are not accepted');
  });

  it('refuses an entity it does not know instead of guessing', () => {
    expect(refusal(`<svg xmlns="${SVG}"><text>&nbsp;</text></svg>`)).toBeInstanceOf(SvgRefused);
  });

  it('tells a broken SVG from something that is not an SVG at all', () => {
    expect(refusal(`<svg xmlns="${SVG}"><rect></svg>`)?.message).toBe('The SVG file could not be read');
    for (const other of [
      '<!doctype html><html><body><script>alert(1)</script>',
      '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
      `<x:svg xmlns:x="https://not-svg.example/"/>`,
      'just text',
    ]) {
      expect(refusal(other), other).toBeInstanceOf(NotAnSvg);
    }
  });

  it('answers at once on input made to make a parser backtrack', () => {
    const half = SVG_MAX_BYTES / 2;
    for (const source of [
      `<svg xmlns="${SVG}"><style>${'/*'.repeat(half / 2)}</style></svg>`,
      `<svg xmlns="${SVG}"><style>${'a'.repeat(half)}</style></svg>`,
      `<svg xmlns="${SVG}"><rect fill="${'a'.repeat(half)}"/></svg>`,
      `<svg xmlns="${SVG}"><rect fill="${'url(#a'.repeat(half / 6)}"/></svg>`,
      `<svg xmlns="${SVG}" width="1${' '.repeat(half)}x"/>`,
      `<!DOCTYPE svg ${'<!DOCTYPE '.repeat(half / 10)}><svg xmlns="${SVG}"/>`,
    ]) {
      const started = Date.now();
      try {
        sanitiseSvg(source);
      } catch {
        // Refused or not: only the time matters here.
      }
      expect(Date.now() - started, source.slice(0, 60)).toBeLessThan(1_000);
    }
  });

  it('refuses a file larger, more complex or deeper than a flag can be', () => {
    const padding = ' '.repeat(SVG_MAX_BYTES);
    expect(refusal(`<svg xmlns="${SVG}">${padding}</svg>`)?.message).toBe('The SVG file is too large (at most 1 MB)');
    const many = '<g/>'.repeat(SVG_MAX_ELEMENTS);
    expect(refusal(`<svg xmlns="${SVG}">${many}</svg>`)?.message).toBe(
      `The SVG file is too complex (at most ${SVG_MAX_ELEMENTS} elements)`,
    );
    const deep = `${'<g>'.repeat(100)}${'</g>'.repeat(100)}`;
    expect(refusal(`<svg xmlns="${SVG}">${deep}</svg>`)?.message).toBe('The SVG file is nested too deeply');
  });
});
