import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it.each(['/admin', '/admin/countries', '/admin/banner?page=2#top', '/'])('keeps the same-site path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\tevil.example',
    'javascript:alert(1)',
    'admin',
    '',
    undefined,
    42,
    ['/admin'],
    `/${'a'.repeat(3000)}`,
  ])('sends %j to /admin', (value) => {
    expect(safeReturnTo(value)).toBe('/admin');
  });

  // Paths that become `//host` only once dot segments are resolved (a browser resolves them too), plain and
  // percent-encoded as a query string would deliver them after one or two rounds of decoding.
  it.each([
    '/.//evil.example/phish',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/a/%2e%2e//evil.example',
    '/admin/%2e%2e/%2e%2e//evil.example',
    '/./\\evil.example',
    '/.//evil.example?x=1#y',
    decodeURIComponent('%2F.%2F%2Fevil.example'),
    decodeURIComponent('%2F%252e%2F%2Fevil.example'),
  ])('sends %j, another host once normalised, to /admin', (value) => {
    expect(safeReturnTo(value)).toBe('/admin');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnTo('/admin/../../etc')).toBe('/etc');
    expect(safeReturnTo('/admin/./banner')).toBe('/admin/banner');
    expect(safeReturnTo('/%2e/admin')).toBe('/admin');
  });

  it('keeps encoded slashes as they are (a browser does not read %2F as a separator)', () => {
    expect(safeReturnTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
