import { PRODUCT_NAME } from '../../../shared/brand.js';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { escapeHtml } from '../http/escape-html.js';
import type { getPostFeed } from './post.service.js';

type Feed = NonNullable<Awaited<ReturnType<typeof getPostFeed>>>;

/** Characters XML 1.0 does not allow at all (escaping cannot carry them): dropped from the feed's text. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped here
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for XML element content and quoted attributes. */
const text = (value: string) => escapeHtml(value.replace(NOT_XML, ''));

/** The feed's first address for a country (its id): Global's is the plain one. */
export function feedPath(countryId: number): string {
  return countryId === GLOBAL_COUNTRY_ID ? '/blog/feed.xml' : `/blog/feed.xml?country=${countryId}`;
}

/** Where a country's feed is now: at its site's address (decision 066), else its first address. */
function feedAddress(country: { id: number; code: string | null }): string {
  return country.code ? `/${country.code}/blog/feed.xml` : feedPath(country.id);
}

/**
 * A country's blog as an Atom 1.0 feed (RFC 4287). Entry ids are tag URIs of the post's id, so a changed slug or
 * title does not make feed readers show the post again; relative addresses in bodies resolve against `publicUrl`.
 */
export function atomFeed({ country, posts }: Feed, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  // Posts link to the country's own site; the feed's id stays its first address, so readers keep their place.
  const site = country.code ? `${publicUrl}/${country.code}` : publicUrl;
  const blogName = country.id === GLOBAL_COUNTRY_ID ? `${PRODUCT_NAME} blog` : `${PRODUCT_NAME} blog: ${country.name}`;
  const updated =
    posts
      .map((post) => post.updated_at)
      .sort()
      .at(-1) ?? new Date(0).toISOString();
  const entries = posts.map((post) => {
    const address = `${site}${post.url}`;
    return [
      '  <entry>',
      `    <title>${text(post.title)}</title>`,
      `    <id>tag:${host},${post.created_at.slice(0, 10)}:post-${post.id}</id>`,
      `    <link rel="alternate" type="text/html" href="${text(address)}"/>`,
      `    <published>${post.published_at}</published>`,
      `    <updated>${post.updated_at}</updated>`,
      `    <author><name>${text(post.author_name ?? PRODUCT_NAME)}</name></author>`,
      ...post.tags.map((tag) => `    <category term="${text(tag)}"/>`),
      `    <summary>${text(post.excerpt)}</summary>`,
      `    <content type="html">${text(post.body_html ?? '')}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${text(publicUrl)}/">`,
    `  <title>${text(blogName)}</title>`,
    `  <id>${text(`${publicUrl}${feedPath(country.id)}`)}</id>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${text(`${publicUrl}${feedAddress(country)}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${text(`${site}/blog`)}"/>`,
    `  <author><name>${text(PRODUCT_NAME)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
