// The staff area uses many more Mantine components than the public site: it loads Mantine's whole stylesheet.
import '@mantine/core/styles.css';
import { Paper, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useMemo } from 'react';
import { Route, Routes, useLoaderData, useLocation } from 'react-router';
import { TRPC_MAX_BATCH, TRPC_MAX_URL_LENGTH } from '../../../shared/api.js';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import type { AppRouter } from '../../../server/src/trpc/router.js';
import { TrpcClientContext, TrpcContext } from '../trpc.js';
import { screenAt, screenTitle } from './admin-nav.js';
import { AdminOnly } from './actor.js';
import { AdminLayout } from './AdminLayout.js';
import { SharedContentScreen } from './content/shared-content.js';
import { TESTIMONIALS } from './content/testimonials.js';
import { POPUPS } from './content/popups.js';
import { TEAM } from './content/team.js';
import { BANNERS } from './content/banners.js';
import { POSTS } from './content/posts.js';
import { APPOINTMENTS, CONTACT_US_ENQUIRIES, OSHC_REQUESTS } from './content/form-entries-kinds.js';
import { FormEntriesScreen } from './content/form-entries.js';
import { CountryContentScreen } from './content/country-content.js';
import { BRANCH_CLOSURES } from './content/branch-closures.js';
import { BRANCHES } from './content/branches.js';
import { FOOTER_SOCIAL_MEDIA } from './content/footer-social-media.js';
import { REPLY_TEMPLATES } from './content/reply-templates.js';
import { HOME_SERVICES } from './content/home-services.js';
import { MediaGalleryScreen } from './pages/media/MediaGalleryScreen.js';
import { MediaLibraryScreen } from './pages/media/MediaLibraryScreen.js';
import { PICTURES, VIDEOS } from './pages/media/media-kinds.js';
import { AdminNotFound, DashboardScreen } from './pages/DashboardScreen.js';
import { CountryPagesScreen } from './pages/country-pages/CountryPagesScreen.js';
import { HeaderContactInfosScreen } from './pages/HeaderContactInfosScreen.js';
import { CountriesScreen } from './pages/countries/CountriesScreen.js';
import { HomeAboutUsScreen } from './pages/home/HomeAboutUsScreen.js';
import { HomeOverviewScreen } from './pages/home/HomeOverviewScreen.js';
import { PageContentScreen } from './pages/page-content/PageContentScreen.js';
import { StaffScreen } from './pages/staff/StaffScreen.js';
import { EnquiriesScreen } from './pages/leads/EnquiriesScreen.js';
import { OutboxScreen } from './pages/OutboxScreen.js';
import { ActivityScreen } from './pages/activity/ActivityScreen.js';
import { SettingsScreen } from './pages/settings/SettingsScreen.js';
import { WebhooksScreen } from './pages/webhooks/WebhooksScreen.js';
import { PrivacyScreen } from './pages/leads/PrivacyScreen.js';
import { staffTokens as tokens, type StaffUser } from './staff-session.js';

/** An UNAUTHORIZED answer means the token went stale: forget it, so the next call (or retry) asks for a fresh one. */
const forgetStaleToken: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          if (error.data?.code === 'UNAUTHORIZED') tokens.invalidate();
          observer.error(error);
        },
        complete: () => observer.complete(),
      }),
    );

/** Runs before any admin page renders: no session → sign in and come back here. */
export async function adminLoader(): Promise<{ user: StaffUser }> {
  await tokens.get();
  return { user: tokens.user! };
}

/** The staff area. Rendered in the browser only and loaded on demand (see routes.tsx). */
export function AdminApp() {
  const { user } = useLoaderData<typeof adminLoader>();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Admin calls carry the bearer token; public pages use the tRPC client without one.
  const { client, trpc } = useMemo(() => {
    const client = createTRPCClient<AppRouter>({
      links: [
        forgetStaleToken,
        httpBatchLink({
          url: '/api/trpc',
          // Batches stay within what the server accepts (it refuses larger ones).
          maxItems: TRPC_MAX_BATCH,
          maxURLLength: TRPC_MAX_URL_LENGTH,
          headers: async () => ({ authorization: `Bearer ${await tokens.get()}` }),
        }),
      ],
    });
    return { client, trpc: createTRPCOptionsProxy<AppRouter>({ queryClient, client }) };
  }, [queryClient]);
  const screen = screenAt(pathname);
  const title = screenTitle(pathname);
  // A tab says which screen it holds, so staff with several open tell them apart.
  useDocumentTitle(`${title} · Staff area · ${PRODUCT_NAME}`);
  const routes = (
    <Routes>
      <Route path="enquiries" element={<EnquiriesScreen />} />
      <Route path="outbox" element={<OutboxScreen />} />
      <Route path="reply-templates" element={<CountryContentScreen key="reply-templates" kind={REPLY_TEMPLATES} />} />
      <Route path="activity" element={<ActivityScreen />} />
      <Route path="countries" element={<CountriesScreen />} />
      <Route path="pages" element={<CountryPagesScreen />} />
      <Route path="branch" element={<CountryContentScreen key="branches" kind={BRANCHES} />} />
      <Route path="closures" element={<CountryContentScreen key="closures" kind={BRANCH_CLOSURES} />} />
      <Route path="home" element={<HomeOverviewScreen />} />
      <Route path="home/about-us" element={<HomeAboutUsScreen />} />
      <Route path="home/services" element={<CountryContentScreen key="services" kind={HOME_SERVICES} />} />
      <Route path="home/testimonials" element={<SharedContentScreen key="testimonials" kind={TESTIMONIALS} />} />
      <Route path="home/gallery-picture" element={<MediaGalleryScreen key="pictures" kind={PICTURES} />} />
      <Route path="home/gallery-video" element={<MediaGalleryScreen key="videos" kind={VIDEOS} />} />
      <Route path="aboutUs/team" element={<SharedContentScreen key="team" kind={TEAM} />} />
      <Route path="visa" element={<FormEntriesScreen key="oshc" kind={OSHC_REQUESTS} />} />
      <Route path="popup" element={<SharedContentScreen key="popups" kind={POPUPS} />} />
      <Route path="gallery/picture" element={<MediaLibraryScreen key="pictures" kind={PICTURES} />} />
      <Route path="gallery/video" element={<MediaLibraryScreen key="videos" kind={VIDEOS} />} />
      <Route path="blog" element={<SharedContentScreen key="posts" kind={POSTS} />} />
      <Route path="headerContactInfos" element={<HeaderContactInfosScreen />} />
      <Route path="contactUs" element={<FormEntriesScreen key="contact-us" kind={CONTACT_US_ENQUIRIES} />} />
      <Route path="appointments" element={<FormEntriesScreen key="appointments" kind={APPOINTMENTS} />} />
      <Route path="banner" element={<SharedContentScreen key="banners" kind={BANNERS} />} />
      <Route path="footer" element={<CountryContentScreen key="footer" kind={FOOTER_SOCIAL_MEDIA} />} />
      <Route path="page-content" element={<PageContentScreen />} />
      <Route path="staff" element={<StaffScreen />} />
      <Route path="privacy" element={<PrivacyScreen />} />
      <Route path="webhooks" element={<WebhooksScreen />} />
      <Route path="settings" element={<SettingsScreen />} />
      <Route index element={<DashboardScreen />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
  return (
    <TrpcContext value={trpc}>
      <TrpcClientContext value={client}>
        <AdminLayout user={user}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Paper withBorder p="lg" mt="md">
            {typeof screen?.adminOnly === 'string' ? (
              <AdminOnly message={screen.adminOnly}>{routes}</AdminOnly>
            ) : (
              routes
            )}
          </Paper>
        </AdminLayout>
      </TrpcClientContext>
    </TrpcContext>
  );
}
