import { createElement, type ComponentType } from 'react';
import { redirect } from 'react-router';
import { SITE_PAGES, type SitePath } from '../../../../shared/site-pages.js';
import { branchesOf, loadBranchChoices } from '../forms/branch-choices.js';
import { countryPath } from '../../../../shared/site-address.js';
import { breadcrumbOf, type PageMeta, type PlaceMeta } from '../meta.js';
import {
  blogFeedPath,
  blogListOf,
  blogListPath,
  BLOG_PATH,
  coverOf,
  isPostSlug,
  postPath,
  postPreviewQuery,
  postQuery,
  postsQuery,
  postTagsQuery,
  type PostOnPage,
} from './blog-data.js';
import { isNotFound, notFound, previewExpired, type PageLoadContext, type PublicPageDefinition } from './registry.js';
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

/**
 * The branch list, which is also the enquiry form's branch choices; the branches listed are told to search engines
 * too (JSON-LD).
 */
async function loadContactUs({ queryClient, trpc, countryId }: PageLoadContext): Promise<Partial<PageMeta>> {
  const branches = await queryClient.ensureQueryData(branchesOf(trpc, countryId));
  return {
    places: branches.map((branch): PlaceMeta => ({
      name: branch.name,
      address: branch.address,
      country: branch.country,
      telephone: branch.phone_number,
      email: branch.email,
      openingHours: branch.opening_hours,
      closures: branch.closures,
    })),
  };
}

/** The first page of both gallery lists, with the very options the page's infinite queries use. */
async function loadGallery({ queryClient, trpc, countryId }: PageLoadContext) {
  await Promise.all([
    queryClient.ensureInfiniteQueryData(galleryImagesQuery(trpc, countryId)),
    queryClient.ensureInfiniteQueryData(galleryVideosQuery(trpc, countryId)),
  ]);
}

/**
 * A list of the blog (`/blog`, `/blog/page/<n>`, `/blog/tag/<tag>`, …) and its tags. An address with no posts to
 * show answers 404 (but the blog's own first page, which says there are none yet), as does a page beyond the last;
 * `/blog/page/1` is `/blog`.
 */
async function loadBlog(context: PageLoadContext): Promise<Partial<PageMeta>> {
  const { queryClient, trpc, countryId, params } = context;
  const list = blogListOf(params);
  if (!list) notFound();
  if (params.page === '1') {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to redirect
    throw redirect(blogListPath({ ...list, page: 1 }), 301);
  }
  const [posts] = await Promise.all([
    queryClient.ensureQueryData(postsQuery(trpc, countryId, list)),
    queryClient.ensureQueryData(postTagsQuery(trpc, countryId)),
  ]);
  if (posts.data.length === 0 && (list.tag !== null || list.page > 1)) notFound();
  return { feed: blogFeedPath(context) };
}

/** The meta tags of a post's page: an article (Open Graph and JSON-LD). */
function postMeta(post: PostOnPage, site: Pick<PageLoadContext, 'countryId' | 'countryCode'>): Partial<PageMeta> {
  return {
    title: post.title,
    description: post.excerpt,
    image: coverOf(post.image).url,
    feed: blogFeedPath(site),
    breadcrumb: [
      ...breadcrumbOf(site.countryCode, 'Blog', BLOG_PATH),
      { name: post.title, path: countryPath(site.countryCode, postPath(post.slug)) },
    ],
    article: {
      publishedTime: post.published_at,
      // Its last edit, or when it went out if that was later (a scheduled post edited while it waited).
      modifiedTime: Date.parse(post.updated_at) > Date.parse(post.published_at) ? post.updated_at : post.published_at,
      author: post.author_name,
    },
  };
}

/**
 * A post by its address: an old address answers 301 to the current one, an unknown one 404. Its meta tags make it an
 * article (Open Graph and JSON-LD).
 */
async function loadPost(context: PageLoadContext): Promise<Partial<PageMeta>> {
  const { queryClient, trpc, countryId, params } = context;
  if (!isPostSlug(params.slug)) notFound();
  const found = await queryClient.ensureQueryData(postQuery(trpc, countryId, params.slug));
  if (!found) notFound();
  if ('redirectTo' in found) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to redirect
    throw redirect(postPath(found.redirectTo), 301);
  }
  return { ...postMeta(found.post, context), sameOn: found.post.country_ids };
}

/**
 * A post by its preview link, published or not: never listed by search engines, its canonical address the post's
 * own. A link that is forged, altered or too old answers 404 saying so.
 */
async function loadPostPreview(context: PageLoadContext): Promise<Partial<PageMeta>> {
  const { queryClient, trpc, params } = context;
  const token = params.token ?? '';
  if (token.length > PREVIEW_TOKEN_MAX) previewExpired();
  const { post } = await queryClient.ensureQueryData(postPreviewQuery(trpc, token)).catch((error: unknown) => {
    if (isNotFound(error)) previewExpired();
    throw error;
  });
  // The post's own address on the site the preview is seen on: relative to the preview's (…/blog/preview/<token>).
  return { ...postMeta(post, context), canonical: `../${post.slug}`, indexable: false };
}

/** The longest token `site.postPreview` takes: anything longer is no link of ours. */
const PREVIEW_TOKEN_MAX = 200;

/** A post's page (`/blog/<slug>`): served at the blog's addresses, so it shares the blog's path and data. */
export const BLOG_POST_PAGE: PublicPageDefinition = {
  module: source('BlogPostPage'),
  loadComponent: () => import('./BlogPostPage.js').then((m) => m.BlogPostPage),
  load: loadPost,
};

/** A post's preview (`/blog/preview/<token>`): the same page, from the preview link's post, with a notice. */
export const BLOG_POST_PREVIEW_PAGE: PublicPageDefinition = {
  module: source('BlogPostPage'),
  loadComponent: () => import('./BlogPostPage.js').then((m) => m.BlogPostPreviewPage),
  load: loadPostPreview,
};

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
    load: loadBlog,
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
    load: loadBranchChoices,
  },
  '/enquiry': {
    module: source('EnquiryPage'),
    loadComponent: lazyAt('/enquiry', () => import('./EnquiryPage.js').then((m) => m.EnquiryPage)),
    load: loadBranchChoices,
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
