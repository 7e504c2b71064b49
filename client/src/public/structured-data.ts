import { PRODUCT_NAME } from '../../../shared/brand.js';
import type { BranchClosure, OpeningHours } from '../../../shared/opening-hours.js';
import { serializeState } from '../../../shared/ssr.js';
import type { ArticleMeta, BreadcrumbMeta, HeadTag, PageMeta, PlaceMeta } from './meta.js';

/*
 * What search engines read from a page besides its meta tags: schema.org data as JSON-LD, written by the server's
 * render only (a crawler reads the page as the server sends it and never navigates in the browser), so none of this
 * is in the browser's code.
 */

/** The home of the page's country site (where its breadcrumb starts), else the root: the organisation's address there. */
function siteHomeOf(meta: PageMeta, pageUrl: string): string {
  return new URL(meta.breadcrumb?.[0]?.path ?? '/', pageUrl).href.replace(/\/$/, '');
}

/** The `BlogPosting` (an `Article`) search engines read from a post's page (schema.org, as JSON-LD). */
function articleJsonLd(meta: PageMeta, article: ArticleMeta, pageUrl: string, image: string | null) {
  const origin = new URL(pageUrl).origin;
  const home = siteHomeOf(meta, pageUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: meta.title,
    description: meta.description,
    ...(image ? { image: [image] } : {}),
    datePublished: article.publishedTime,
    dateModified: article.modifiedTime,
    author: article.author
      ? { '@type': 'Person', name: article.author }
      : { '@type': 'Organization', name: PRODUCT_NAME, url: home },
    publisher: {
      '@type': 'Organization',
      name: PRODUCT_NAME,
      url: home,
      logo: { '@type': 'ImageObject', url: new URL('/favicon.svg', origin).href },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': pageUrl },
  };
}

/**
 * A week as schema.org's `openingHoursSpecification`: the days open, each with its hours, and the closures to come,
 * each a span of days open from 00:00 to 00:00 (closed), as search engines read a holiday.
 */
function openingHoursSpecification(week: OpeningHours | null, closures: BranchClosure[]) {
  const specification = (hours: object) => ({ '@type': 'OpeningHoursSpecification', ...hours });
  return [
    ...Object.entries(week ?? {}).flatMap(([day, hours]) =>
      hours ? [specification({ dayOfWeek: day[0]!.toUpperCase() + day.slice(1), ...hours })] : [],
    ),
    ...closures.map((closure) =>
      specification({ opens: '00:00', closes: '00:00', validFrom: closure.first_day, validThrough: closure.last_day }),
    ),
  ];
}

/**
 * The branches a page lists, each a `ProfessionalService` of the organisation (schema.org, as JSON-LD), so a search
 * for the consultancy near a branch can show its address, phone and e-mail.
 */
function placesJsonLd(meta: PageMeta, places: PlaceMeta[], pageUrl: string) {
  const home = siteHomeOf(meta, pageUrl);
  return {
    '@context': 'https://schema.org',
    '@graph': places.map((place) => ({
      '@type': 'ProfessionalService',
      name: `${PRODUCT_NAME}, ${place.name}`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: place.address,
        ...(place.country ? { addressCountry: place.country } : {}),
      },
      telephone: place.telephone,
      email: place.email,
      ...(place.openingHours || place.closures.length > 0
        ? { openingHoursSpecification: openingHoursSpecification(place.openingHours, place.closures) }
        : {}),
      url: pageUrl,
      parentOrganization: { '@type': 'Organization', name: PRODUCT_NAME, url: home },
    })),
  };
}

/** The page's breadcrumb as schema.org's `BreadcrumbList`, each step at its absolute address. */
function breadcrumbJsonLd(steps: BreadcrumbMeta[], pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: new URL(step.path, pageUrl).href,
    })),
  };
}

/** A JSON-LD block: a data block, never run, so the Content-Security-Policy's script sources do not apply to it. */
const jsonLd = (data: object): HeadTag => ({
  element: 'script',
  attributes: { type: 'application/ld+json' },
  text: serializeState(data),
});

/** The page's structured data: its post, the branches it lists, where it sits on its site. */
export function structuredDataTags(meta: PageMeta, pageUrl: string, image: string | null): HeadTag[] {
  return [
    ...(meta.article ? [jsonLd(articleJsonLd(meta, meta.article, pageUrl, image))] : []),
    ...(meta.places?.length ? [jsonLd(placesJsonLd(meta, meta.places, pageUrl))] : []),
    ...(meta.breadcrumb?.length ? [jsonLd(breadcrumbJsonLd(meta.breadcrumb, pageUrl))] : []),
  ];
}
