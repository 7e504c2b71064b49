import { SITE_PAGES, type SitePath } from '../../../../shared/site-pages.js';

/**
 * The main navigation of spec §2: labels, groups and nesting exactly as specified. A leaf is a page (its label is
 * the page's name); a group shows when any of its pages is enabled for the country.
 */
export type NavEntry =
  { kind: 'page'; label: string; path: SitePath } | { kind: 'group'; label: string; items: NavEntry[] };

function page(path: SitePath): NavEntry {
  const { name } = SITE_PAGES.find((p) => p.path === path)!;
  return { kind: 'page', label: name, path };
}

function group(label: string, items: NavEntry[]): NavEntry {
  return { kind: 'group', label, items };
}

/** The shorter list (spec: "omits Enquiry and Book an Appointment"): the menu itself on every screen size. */
export const MENU: readonly NavEntry[] = [
  page('/about-us'),
  group('Study Abroad', [page('/study/australia'), page('/study/canada'), page('/study/uk')]),
  group('Test Preparation', [page('/class/ielts'), page('/class/pte')]),
  group('Visa', [
    page('/visa/student'),
    group('Temporary Graduate Visa', [
      page('/visa/post-study-work'),
      page('/visa/graduate-work-subclass'),
      page('/visa/recognized-work-subclass'),
    ]),
    group('Skilled Visa', [
      page('/visa/sub-class189'),
      page('/visa/sub-class190'),
      page('/visa/state-or-territory-stream'),
      page('/visa/family-sponsored-stream'),
      page('/visa/sub-class887'),
      page('/visa/sub-class191'),
    ]),
    group('Visitor Visa', [page('/visa/tourist'), page('/visa/business'), page('/visa/sponsor')]),
    page('/visa/global-talent-visa'),
  ]),
  group('Other', [page('/other/health-insurance'), page('/other/professional-year'), page('/other/eligibility')]),
  page('/canada/life-in-canada'),
  page('/canada/migrate-to-canada'),
  page('/contact-us'),
];

/** The footer's Quick Links column: shown for the pages enabled for the country. */
export const FOOTER_QUICK_LINKS = [
  { label: 'About Us', path: '/about-us' },
  { label: 'Blog', path: '/blog' },
  { label: 'Gallery', path: '/gallery' },
  { label: 'Contact Us', path: '/contact-us' },
] as const;

/** The full list ends with these two, shown as buttons: Enquiry opens the modal form, the other is a page. */
export const ENQUIRY_PAGE_NAME = 'Enquiry';
export const BOOK_APPOINTMENT_PAGE_NAME = 'Book an Appointment';

/** The menu with only the pages enabled for the country; empty groups disappear. */
export function visibleMenu(entries: readonly NavEntry[], enabledPageNames: readonly string[]): NavEntry[] {
  const enabled = new Set(enabledPageNames.map((name) => name.toLowerCase()));
  const visible: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'page') {
      if (enabled.has(entry.label.toLowerCase())) visible.push(entry);
    } else {
      const items = visibleMenu(entry.items, enabledPageNames);
      if (items.length > 0) visible.push({ ...entry, items });
    }
  }
  return visible;
}

export function isPageEnabled(name: string, enabledPageNames: readonly string[]): boolean {
  return enabledPageNames.some((enabled) => enabled.toLowerCase() === name.toLowerCase());
}

/**
 * Where "go to the start" leads on a country site: its home page, or, when staff took Home off that country, its
 * first enabled page in the order of the site's pages (a link to "/" would answer 404 there too). Null when the
 * country has no page at all.
 */
export function siteStartOf(enabledPageNames: readonly string[]): { path: SitePath; name: string } | null {
  return SITE_PAGES.find((page) => isPageEnabled(page.name, enabledPageNames)) ?? null;
}

/** The groups a page sits in, outermost first (the labels of its breadcrumb); empty for a page of the top level. */
export function menuTrail(path: string, entries: readonly NavEntry[] = MENU): string[] {
  for (const entry of entries) {
    if (entry.kind === 'page') {
      if (entry.path === path) return [];
      continue;
    }
    const inner = menuTrail(path, entry.items);
    if (inner.length > 0 || containsPage(entry.items, path)) return [entry.label, ...inner];
  }
  return [];
}

function containsPage(entries: readonly NavEntry[], path: string): boolean {
  return entries.some((entry) => (entry.kind === 'page' ? entry.path === path : containsPage(entry.items, path)));
}

/** The other pages of the page's own group (its related services), as the country's menu shows them. */
export function relatedPages(path: string, menu: readonly NavEntry[]): Extract<NavEntry, { kind: 'page' }>[] {
  for (const entry of menu) {
    if (entry.kind !== 'group') continue;
    const pages = entry.items.filter((item) => item.kind === 'page');
    if (pages.some((item) => item.path === path)) return pages.filter((item) => item.path !== path);
    const inner = relatedPages(path, entry.items);
    if (inner.length > 0 || containsPage(entry.items, path)) return inner;
  }
  return [];
}
