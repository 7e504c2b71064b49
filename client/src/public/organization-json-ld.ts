import { PRODUCT_NAME } from '../../../shared/brand.js';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { serializeState } from '../../../shared/ssr.js';
import type { ApiOutputs } from '../trpc.js';

type SiteLayout = ApiOutputs['site']['layout'];

/**
 * The consultancy as search engines read it from the home page (schema.org `Organization` and its `WebSite`, as
 * JSON-LD): its name, logo, social profiles and the country site's contact, for a knowledge panel and the site's
 * name in results. Each country site's home has its own, at its own address (`homeUrl`, decision 066). Written by the
 * server only (entry-server.tsx): crawlers read the page as it is served, and the public script does not grow for it.
 */
export function organizationJsonLd(layout: SiteLayout, homeUrl: string): string {
  const url = homeUrl;
  const contact = layout.headerContactInfo;
  const country = layout.country.id === GLOBAL_COUNTRY_ID ? null : layout.country.name;
  const organization = {
    '@type': 'Organization',
    '@id': `${url}#organization`,
    name: PRODUCT_NAME,
    url,
    logo: new URL('/favicon.svg', homeUrl).href,
    ...(layout.socialLinks.length > 0 ? { sameAs: layout.socialLinks.map((link) => link.url) } : {}),
    ...(contact
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: contact.address,
            ...(country ? { addressCountry: country } : {}),
          },
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            email: contact.email,
            telephone: contact.phone_number,
            ...(country ? { areaServed: country } : {}),
          },
        }
      : {}),
  };
  const website = {
    '@type': 'WebSite',
    '@id': `${url}#website`,
    name: PRODUCT_NAME,
    url,
    publisher: { '@id': organization['@id'] },
  };
  // A data block, never run: the Content-Security-Policy's script sources do not apply to it.
  return `<script type="application/ld+json">${serializeState({ '@context': 'https://schema.org', '@graph': [organization, website] })}</script>`;
}
