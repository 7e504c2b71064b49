import { createElement, type ComponentType } from 'react';
import { SITE_PAGES, type SitePath } from '../../../../shared/site-pages.js';
import { loadEnquiryForm } from '../forms/enquiry-branches.js';
import type { PageLoadContext, PublicPageDefinition } from './registry.js';
import { galleryImagesQuery, galleryVideosQuery, type SitePageProps } from './site-data.js';

export { sitePageQuery } from './site-data.js';

/**
 * The route component of one path: the page component told which path it renders, so a component serving many
 * paths (ServicePage) reads exactly the `site.page` query the route loaded.
 */
function at(path: SitePath, Page: ComponentType<SitePageProps>): ComponentType {
  function RoutePage() {
    return createElement(Page, { path });
  }
  RoutePage.displayName = `${Page.displayName ?? Page.name}(${path})`;
  return RoutePage;
}

/** A page's source file, as the build's manifest names it. */
function source(page: string): string {
  return `src/public/pages/${page}.tsx`;
}

/** A page component from its own chunk, bound to its path. */
function lazyAt(path: SitePath, load: () => Promise<ComponentType<SitePageProps>>): () => Promise<ComponentType> {
  return async () => at(path, await load());
}

async function loadTeam({ queryClient, trpc, countryId }: PageLoadContext) {
  await queryClient.ensureQueryData(trpc.site.team.queryOptions({ countryId }));
}

/** The branch list, the enquiry form's branch choices, and all branches when the country has none of its own. */
async function loadContactUs(context: PageLoadContext) {
  const { queryClient, trpc, countryId } = context;
  const [own] = await Promise.all([
    queryClient.ensureQueryData(trpc.site.branches.queryOptions({ countryId })),
    loadEnquiryForm(context),
  ]);
  if (own.length === 0) await queryClient.ensureQueryData(trpc.branch.getAll.queryOptions());
}

/** The first page of both gallery lists, with the very options the page's infinite queries use. */
async function loadGallery({ queryClient, trpc, countryId }: PageLoadContext) {
  await Promise.all([
    queryClient.ensureInfiniteQueryData(galleryImagesQuery(trpc, countryId)),
    queryClient.ensureInfiniteQueryData(galleryVideosQuery(trpc, countryId)),
  ]);
}

/** Pages other than the plain service page, by path. */
const SPECIAL_PAGES: Partial<Record<SitePath, PublicPageDefinition>> = {
  '/': { module: source('HomePage'), loadComponent: () => import('./HomePage.js').then((m) => m.HomePage) },
  '/about-us': {
    module: source('AboutUsPage'),
    loadComponent: lazyAt('/about-us', () => import('./AboutUsPage.js').then((m) => m.AboutUsPage)),
    load: loadTeam,
  },
  '/blog': {
    module: source('BlogPage'),
    loadComponent: lazyAt('/blog', () => import('./BlogPage.js').then((m) => m.BlogPage)),
  },
  '/gallery': {
    module: source('GalleryPage'),
    loadComponent: lazyAt('/gallery', () => import('./GalleryPage.js').then((m) => m.GalleryPage)),
    load: loadGallery,
  },
  '/contact-us': {
    module: source('ContactUsPage'),
    loadComponent: lazyAt('/contact-us', () => import('./ContactUsPage.js').then((m) => m.ContactUsPage)),
    load: loadContactUs,
  },
  '/book-an-appointment': {
    module: source('BookAppointmentPage'),
    loadComponent: lazyAt('/book-an-appointment', () =>
      import('./BookAppointmentPage.js').then((m) => m.BookAppointmentPage),
    ),
  },
  '/enquiry': {
    module: source('EnquiryPage'),
    loadComponent: lazyAt('/enquiry', () => import('./EnquiryPage.js').then((m) => m.EnquiryPage)),
    load: loadEnquiryForm,
  },
  '/canada/migrate-to-canada': {
    module: source('MigrateToCanadaPage'),
    loadComponent: lazyAt('/canada/migrate-to-canada', () =>
      import('./MigrateToCanadaPage.js').then((m) => m.MigrateToCanadaPage),
    ),
  },
  '/other/health-insurance': {
    module: source('HealthInsurancePage'),
    loadComponent: lazyAt('/other/health-insurance', () =>
      import('./HealthInsurancePage.js').then((m) => m.HealthInsurancePage),
    ),
  },
  '/other/eligibility': {
    module: source('EligibilityPage'),
    loadComponent: lazyAt('/other/eligibility', () => import('./EligibilityPage.js').then((m) => m.EligibilityPage)),
  },
};

/**
 * Every public page (spec §2) by path: its component and what it loads besides its own `site.page` / `site.home`
 * (which the route loads for every path with `sitePageQuery`). Study, class, visa, other and Canada pages are
 * service pages.
 */
export const PUBLIC_PAGES = Object.fromEntries(
  SITE_PAGES.map(({ path }) => [
    path,
    SPECIAL_PAGES[path] ?? {
      module: source('ServicePage'),
      loadComponent: lazyAt(path, () => import('./ServicePage.js').then((m) => m.ServicePage)),
    },
  ]),
) as Record<SitePath, PublicPageDefinition>;
