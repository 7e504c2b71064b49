import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_REL, sanitizePostHtml } from './post-html.js';

describe('a post body keeps only the allow-list of decision 039', () => {
  it('keeps the editor’s markup as it is', () => {
    const html = [
      '<h2>Intakes</h2><h3>2027</h3><h4>February</h4>',
      '<p><strong>Bold</strong> <em>italic</em> <u>under</u> <s>struck</s> <code>x</code></p>',
      '<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Quoted</p></blockquote>',
      '<pre><code>const a = 1;</code></pre><hr />',
      '<p><img src="/media/abc.png" alt="Campus" /></p>',
    ].join('');
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('drops scripts, styles, event handlers and inline styles with their content', () => {
    const clean = sanitizePostHtml(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><style>p{display:none}</style>' +
        '<img src="/media/a.png" onerror="alert(1)"><h1>Big</h1><div class="x">Text</div>',
    );
    expect(clean).toBe('<p>Hi</p><img src="/media/a.png" />BigText');
    expect(clean).not.toMatch(/script|style|onerror|onclick|alert/i);
  });

  it('removes javascript:, data: and other schemes from links and keeps http(s) and mailto', () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizePostHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizePostHtml('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(sanitizePostHtml('<a href="vbscript:msgbox">x</a>')).toBe('<a>x</a>');
    expect(sanitizePostHtml('<a href="mailto:info@example.com">Mail</a>')).toBe(
      '<a href="mailto:info@example.com">Mail</a>',
    );
    expect(sanitizePostHtml('<a href="/contact" rel="opener">Contact</a>')).toBe('<a href="/contact">Contact</a>');
  });

  it('gives external links rel="noopener noreferrer nofollow" whatever rel staff wrote', () => {
    expect(sanitizePostHtml('<a href="https://ircc.canada.ca" target="_blank" rel="opener">IRCC</a>')).toBe(
      `<a href="https://ircc.canada.ca" target="_blank" rel="${EXTERNAL_LINK_REL}">IRCC</a>`,
    );
    expect(sanitizePostHtml('<a href="http://example.com" target="_self">x</a>')).toBe(
      `<a href="http://example.com" rel="${EXTERNAL_LINK_REL}">x</a>`,
    );
  });

  it('shows pictures from our media library only (no other host, no data: URL)', () => {
    expect(sanitizePostHtml('<p><img src="https://evil.example/x.png">a</p>')).toBe('<p>a</p>');
    expect(sanitizePostHtml('<p><img src="//evil.example/x.png">a</p>')).toBe('<p>a</p>');
    expect(sanitizePostHtml('<p><img src="data:image/png;base64,iVBORw0KGgo=">a</p>')).toBe('<p>a</p>');
    expect(sanitizePostHtml('<p><img src="/api/graphql">a</p>')).toBe('<p>a</p>');
  });

  it('keeps YouTube players and drops every other frame', () => {
    const nocookie = '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>';
    expect(sanitizePostHtml(nocookie)).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
    );
    const embed = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=30" width="640"></iframe>';
    expect(sanitizePostHtml(embed)).toBe(embed);
    for (const frame of [
      '<iframe src="https://evil.example/embed/x"></iframe>',
      '<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>',
      '<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
    ]) {
      expect([frame, sanitizePostHtml(`<p>a</p>${frame}`)]).toEqual([frame, '<p>a</p>']);
    }
  });

  it('drops SVG and MathML with what they hold, and forms', () => {
    const clean = sanitizePostHtml(
      '<svg onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)">x</a></svg>' +
        '<math><mtext><img src="/media/a.png" onerror="alert(4)"></mtext></math>' +
        '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
    );
    expect(clean).not.toMatch(/svg|script|alert|javascript|onerror|form|input|button/i);
  });

  it('escapes text so it stays text', () => {
    expect(sanitizePostHtml('<p>1 < 2 & "quotes" <notatag></p>')).toBe('<p>1 &lt; 2 &amp; "quotes" </p>');
  });
});
