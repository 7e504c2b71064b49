import { createElement, type ComponentType } from 'react';
import { SITE_PAGES, type SitePath } from '../../../../shared/site-pages.js';
import { loadEnquiryForm } from '../forms/EnquiryForm.js';
import { AboutUsPage } from './AboutUsPage.js';
import { BlogPage } from './BlogPage.js';
import { BookAppointmentPage } from './BookAppointmentPage.js';
import { ContactUsPage } from './ContactUsPage.js';
import { EnquiryPage } from './EnquiryPage.js';
import { GalleryPage } from './GalleryPage.js';
import { HealthInsurancePage } from './HealthInsurancePage.js';
import { HomePage } from './HomePage.js';
import type { PageLoadContext, PublicPageDefinition } from './registry.js';
import { ServicePage } from './ServicePage.js';
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
  '/': { Component: HomePage },
  '/about-us': { Component: at('/about-us', AboutUsPage), load: loadTeam },
  '/blog': { Component: at('/blog', BlogPage) },
  '/gallery': { Component: at('/gallery', GalleryPage), load: loadGallery },
  '/contact-us': { Component: at('/contact-us', ContactUsPage), load: loadContactUs },
  '/book-an-appointment': { Component: at('/book-an-appointment', BookAppointmentPage) },
  '/enquiry': { Component: at('/enquiry', EnquiryPage), load: loadEnquiryForm },
  '/other/health-insurance': { Component: at('/other/health-insurance', HealthInsurancePage) },
};

/**
 * Every public page (spec §2) by path: its component and what it loads besides its own `site.page` / `site.home`
 * (which the route loads for every path with `sitePageQuery`). Study, class, visa, other and Canada pages are
 * service pages.
 */
export const PUBLIC_PAGES = Object.fromEntries(
  SITE_PAGES.map(({ path }) => [path, SPECIAL_PAGES[path] ?? { Component: at(path, ServicePage) }]),
) as Record<SitePath, PublicPageDefinition>;
