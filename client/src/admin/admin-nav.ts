/** The admin sidebar (spec §2 "Admin routes"), in the order staff see it. */
export interface AdminNavItem {
  label: string;
  to?: string;
  children?: AdminNavItem[];
  /**
   * For administrators only: EDITORs are not offered it, and its address shows them this reason (true: its screen
   * says itself what an EDITOR may do there).
   */
  adminOnly?: string | true;
  /** Active only at `to` itself, not below it (a group's overview, whose children's addresses start with its own). */
  end?: boolean;
  /** A live count shown beside the label (e.g. the leads no one has answered yet). */
  count?: 'enquiriesToAnswer';
}

export const ADMIN_NAV: AdminNavItem[] = [
  // Not in the spec's list: the inbox of every form's leads, first because answering them is the daily work.
  { label: 'Enquiries', to: '/admin/enquiries', count: 'enquiriesToAnswer' },
  { label: 'Countries', to: '/admin/countries' },
  { label: 'Pages', to: '/admin/pages' },
  { label: 'Branch', to: '/admin/branch' },
  // Days the branches are closed besides their week: public holidays, festivals (decision 052).
  { label: 'Closures', to: '/admin/closures' },
  {
    label: 'Home',
    children: [
      // The parent of the home screens (spec §2): the whole home page of a country at a glance.
      { label: 'Home page', to: '/admin/home', end: true },
      { label: 'About Us', to: '/admin/home/about-us' },
      { label: 'Services', to: '/admin/home/services' },
      { label: 'Testimonials', to: '/admin/home/testimonials' },
      { label: 'Gallery Picture', to: '/admin/home/gallery-picture' },
      { label: 'Gallery Video', to: '/admin/home/gallery-video' },
    ],
  },
  { label: 'About Us', children: [{ label: 'Team', to: '/admin/aboutUs/team' }] },
  { label: 'Visa', children: [{ label: 'OSHC Form', to: '/admin/visa' }] },
  { label: 'Popup', to: '/admin/popup' },
  {
    label: 'Resources',
    children: [
      { label: 'Gallery Picture', to: '/admin/gallery/picture' },
      { label: 'Gallery Video', to: '/admin/gallery/video' },
    ],
  },
  // Not in the spec's list: the blog's posts, shared between countries (issue 20).
  { label: 'Blog posts', to: '/admin/blog' },
  { label: 'Header Contact Infos', to: '/admin/headerContactInfos' },
  { label: 'Contact Us', to: '/admin/contactUs' },
  // Not in the spec's list: the book-an-appointment (general form) entries, which staff also answer (issue 6).
  { label: 'Appointments', to: '/admin/appointments' },
  // What the site sent or would send (without SMTP, mails wait here).
  { label: 'Outbox', to: '/admin/outbox' },
  // Each country's saved answers, which a reply to one of its leads starts from (decision 046).
  { label: 'Reply templates', to: '/admin/reply-templates' },
  { label: 'Banner', to: '/admin/banner' },
  { label: 'Footer', to: '/admin/footer' },
  // The shared text is administrators'; editors write their countries' own texts (decision 067).
  { label: 'Page Content', to: '/admin/page-content' },
  // Everyone's own picture is here too: the screen keeps the staff accounts to administrators.
  { label: 'Staff', to: '/admin/staff', adminOnly: true },
  // A visitor's request to see or erase what is stored about them (decision 030).
  { label: 'Privacy', to: '/admin/privacy', adminOnly: 'Only administrators can act on privacy requests.' },
  // Each country's new leads sent to a CRM or a chat channel (decision 031).
  { label: 'Webhooks', to: '/admin/webhooks', adminOnly: 'Only administrators can manage webhooks.' },
  // Who changed what, when and where (decision 040): EDITORs see their countries' changes.
  { label: 'Activity', to: '/admin/activity' },
  // Business facts every country site shows, owned by staff rather than the server's environment (decision 034).
  { label: 'Settings', to: '/admin/settings', adminOnly: 'Only administrators can change the site settings.' },
];

/** The sidebar a staff member sees: EDITORs do not get the entries only administrators may use. */
export function navFor(isAdmin: boolean, items: AdminNavItem[] = ADMIN_NAV): AdminNavItem[] {
  return items
    .filter((item) => isAdmin || !item.adminOnly)
    .map((item) => (item.children ? { ...item, children: navFor(isAdmin, item.children) } : item));
}

/** Whether the entry's screen is the one at `pathname` (or, unless `end`, one of the addresses below it). */
export function isAt(entry: AdminNavItem, pathname: string): boolean {
  if (!entry.to) return false;
  return pathname === entry.to || (!entry.end && pathname.startsWith(`${entry.to}/`));
}

/** The sidebar entry of the screen at `pathname` (none: the dashboard, or an unknown address). */
export function screenAt(pathname: string): AdminNavItem | undefined {
  return ADMIN_NAV.flatMap((item) => [item, ...(item.children ?? [])]).find((entry) => isAt(entry, pathname));
}

/** The label of the screen at `pathname`, for its heading and the browser tab's title. */
export function screenTitle(pathname: string): string {
  const label = screenAt(pathname)?.label;
  if (label) return label;
  return /^\/admin\/?$/.test(pathname) ? 'Dashboard' : 'Page not found';
}
