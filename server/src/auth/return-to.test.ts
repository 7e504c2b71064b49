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

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnTo('/admin/../../etc')).toBe('/etc');
  });
});
