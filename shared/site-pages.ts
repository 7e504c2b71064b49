/**
 * The public pages of spec §2. `name` is the page's row in the `pages` table (its navigation label);
 * navigation shows an item only when that page is enabled for the visitor's country.
 */
export interface SitePage {
  path: string;
  name: string;
}

export const SITE_PAGES = [
  { path: '/', name: 'Home' },
  { path: '/about-us', name: 'About Us' },
  { path: '/blog', name: 'Blog' },
  { path: '/gallery', name: 'Gallery' },
  { path: '/contact-us', name: 'Contact Us' },
  { path: '/book-an-appointment', name: 'Book an Appointment' },
  { path: '/enquiry', name: 'Enquiry' },
  { path: '/study/australia', name: 'Study in Australia' },
  { path: '/study/canada', name: 'Study in Canada' },
  { path: '/study/uk', name: 'Study in UK' },
  { path: '/class/ielts', name: 'IELTS Preparation Classes' },
  { path: '/class/pte', name: 'PTE Preparation Classes' },
  { path: '/visa/student', name: 'Student Visa' },
  { path: '/visa/post-study-work', name: 'Post Study Work' },
  { path: '/visa/graduate-work-subclass', name: 'Graduate Work Subclass' },
  { path: '/visa/recognized-work-subclass', name: 'Recognized Work Subclass' },
  { path: '/visa/sub-class189', name: 'subclass 189' },
  { path: '/visa/sub-class190', name: 'subclass 190' },
  { path: '/visa/state-or-territory-stream', name: 'State or Territory' },
  { path: '/visa/family-sponsored-stream', name: 'Family Sponsored' },
  { path: '/visa/sub-class887', name: 'Subclass 887' },
  { path: '/visa/sub-class191', name: 'Subclass 191' },
  { path: '/visa/tourist', name: 'Tourist Stream' },
  { path: '/visa/business', name: 'Business Stream' },
  { path: '/visa/sponsor', name: 'Sponsored Family' },
  { path: '/visa/global-talent-visa', name: 'Global Talent Visa' },
  { path: '/other/health-insurance', name: 'Health Insurance' },
  { path: '/other/professional-year', name: 'Professional Year' },
  { path: '/other/eligibility', name: 'Eligibility' },
  { path: '/canada/life-in-canada', name: 'Life In Canada' },
  { path: '/canada/migrate-to-canada', name: 'Migrate To Canada' },
  // Not in the spec's list: what the forms' agreement checkbox asks visitors to accept (issue 16).
  { path: '/privacy-policy', name: 'Privacy Policy' },
  { path: '/terms', name: 'Terms' },
] as const satisfies readonly SitePage[];

export type SitePath = (typeof SITE_PAGES)[number]['path'];

const PATHS = new Set<string>(SITE_PAGES.map((page) => page.path));

export function isSitePath(path: string): path is SitePath {
  return PATHS.has(path);
}

export function sitePageOf(path: SitePath): SitePage {
  return SITE_PAGES.find((page) => page.path === path)!;
}
