import { describe, expect, it } from 'vitest';
import { navFor, screenTitle, type AdminNavItem } from './admin-nav.js';
import { defaultCountryId } from './ui/CountrySelect.js';

const labels = (items: AdminNavItem[]) => items.map((item) => item.label);

describe('what an EDITOR is offered', () => {
  it('has no administrator-only sidebar entries', () => {
    const all = labels(navFor(true));
    expect(all.slice(all.indexOf('Footer'), all.indexOf('Footer') + 2)).toEqual(['Footer', 'Page Content']);
    expect(all).toContain('Staff');
    expect(labels(navFor(false))).not.toContain('Staff');
    // Page Content is theirs for their countries' own texts (decision 067).
    expect(labels(navFor(false))).toContain('Page Content');
    expect(labels(navFor(false))).toContain('Header Contact Infos');
    // EDITORs write the blog of their countries.
    expect(labels(navFor(false))).toContain('Blog posts');
    expect(screenTitle('/admin/blog')).toBe('Blog posts');
  });

  it('names the home page overview only at /admin/home, its children by their own names', () => {
    expect(screenTitle('/admin/home')).toBe('Home page');
    expect(screenTitle('/admin/home/services')).toBe('Services');
    expect(screenTitle('/admin/home/gallery-picture')).toBe('Gallery Picture');
    expect(screenTitle('/admin/homework')).toBe('Page not found');
    expect(screenTitle('/admin')).toBe('Dashboard');
    expect(screenTitle('/admin/')).toBe('Dashboard');
    const home = navFor(false).find((item) => item.label === 'Home')!;
    expect(home.children!.map((child) => child.to)[0]).toBe('/admin/home');
  });

  it('starts per-country screens on Global when offered, else on the first country offered', () => {
    expect(defaultCountryId([{ id: 2 }, { id: 1 }, { id: 3 }])).toBe('1');
    expect(defaultCountryId([{ id: 3 }, { id: 2 }])).toBe('3');
    expect(defaultCountryId([])).toBeNull();
  });
});
