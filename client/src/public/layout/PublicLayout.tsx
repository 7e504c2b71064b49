import { lazy, useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/brand.js';
import { countryPath, siteLocale } from '../../../../shared/site-address.js';
import { EnquiryModalContext } from '../enquiry-modal.js';
import { applyPageMeta, NOT_FOUND_META, type PageLoaderData } from '../meta.js';
import ui from '../ui/ui.module.css';
import { useSiteLayout } from '../useSiteLayout.js';
import { ChatBubble } from './ChatBubble.js';
import { ContactStrip } from './ContactStrip.js';
import { Footer } from './Footer.js';
import classes from './layout.module.css';
import { LazyDialog, useLazyDialog } from './lazy-dialog.js';
import { MainNav } from './MainNav.js';
import { PreviewNotice } from './PreviewNotice.js';
import { BOOK_APPOINTMENT_PAGE_NAME, ENQUIRY_PAGE_NAME, isPageEnabled, MENU, visibleMenu } from './navigation.js';
import { NavigationProgress } from './NavigationProgress.js';

// The drawer and the enquiry dialog (Mantine's, with focus trapping) load when first opened, not with every page.
const MobileNav = lazy(() => import('./MobileNav.js').then((m) => ({ default: m.MobileNav })));
const EnquiryModal = lazy(() => import('./EnquiryModal.js').then((m) => ({ default: m.EnquiryModal })));

/** The loader data of the page shown, if it loaded (none for a 404). */
function usePageLoaderData(): PageLoaderData | undefined {
  const matches = useMatches();
  return [...matches].reverse().find((match) => (match.loaderData as Partial<PageLoaderData> | null)?.meta)
    ?.loaderData as PageLoaderData | undefined;
}

/**
 * Keeps the title, description, canonical link and Open Graph tags current after client-side navigation. The
 * canonical address is the page's on its country's site (the router's path is within that site's address).
 */
function usePageMetaSync(data: PageLoaderData | undefined, code: string | null) {
  const { pathname } = useLocation();
  const meta = data?.meta ?? NOT_FOUND_META;
  useEffect(() => {
    applyPageMeta(meta, new URL(countryPath(code, pathname), window.location.origin).href, siteLocale(code));
  }, [meta, pathname, code]);
}

/** The public layout (spec §2): sticky contact strip and navigation, the page, the footer and the chat bubble. */
export function PublicLayout() {
  const layout = useSiteLayout();
  const drawer = useLazyDialog();
  const enquiry = useLazyDialog();
  const { pathname } = useLocation();
  const pageData = usePageLoaderData();
  usePageMetaSync(pageData, layout.country.code);

  const menu = useMemo(() => visibleMenu(MENU, layout.enabledPageNames), [layout.enabledPageNames]);
  const showEnquiry = isPageEnabled(ENQUIRY_PAGE_NAME, layout.enabledPageNames);
  const showBookAppointment = isPageEnabled(BOOK_APPOINTMENT_PAGE_NAME, layout.enabledPageNames);
  const openEnquiry = enquiry.open;
  const enquiryControls = useMemo(() => ({ open: openEnquiry }), [openEnquiry]);

  // Any open drawer closes when the page changes.
  const closeDrawer = drawer.close;
  useEffect(() => {
    closeDrawer();
  }, [pathname, closeDrawer]);

  return (
    <EnquiryModalContext value={enquiryControls}>
      <div className={classes.page}>
        <a href="#main" className={classes.skipLink}>
          Skip to content
        </a>
        <header className={classes.header}>
          <ContactStrip layout={layout} />
          <div className={`${ui.container} ${classes.brandRow}`}>
            <Link to="/" className={classes.logo}>
              <img src="/favicon.svg" alt="" width={32} height={32} />
              <span>{PRODUCT_NAME}</span>
            </Link>
            <div className={`${classes.actions} ${classes.desktopNav}`}>
              {showEnquiry ? (
                <button type="button" className={ui.button} onClick={enquiry.open}>
                  Enquiry
                </button>
              ) : null}
              {showBookAppointment ? (
                <Link to="/book-an-appointment" className={`${ui.button} ${ui.accent}`}>
                  Book An Appointment
                </Link>
              ) : null}
            </div>
            <button
              type="button"
              onClick={drawer.toggle}
              className={`${ui.plainButton} ${classes.burger} ${classes.mobileOnly}`}
              aria-label={drawer.opened ? 'Close menu' : 'Open menu'}
              aria-expanded={drawer.opened}
              data-opened={drawer.opened || undefined}
            >
              <span aria-hidden />
            </button>
          </div>
          {/* The menu has a row of its own on wide screens: with the logo and the two actions it would not fit. */}
          <div className={`${classes.desktopNav} ${classes.menuRow}`}>
            <nav aria-label="Main" className={ui.container}>
              <MainNav entries={menu} />
            </nav>
          </div>
          <NavigationProgress />
        </header>
        <LazyDialog dialog={drawer}>
          {(opened) => (
            <MobileNav
              opened={opened}
              onClose={drawer.close}
              entries={menu}
              showEnquiry={showEnquiry}
              showBookAppointment={showBookAppointment}
              onEnquiry={enquiry.open}
            />
          )}
        </LazyDialog>
        <main id="main" tabIndex={-1} className={classes.main}>
          {pageData?.previewNotice ? <PreviewNotice>{pageData.previewNotice}</PreviewNotice> : null}
          <Outlet />
        </main>
        <Footer layout={layout} />
        <ChatBubble branches={layout.chatBranches} siteCountry={layout.country.name} />
        <LazyDialog dialog={enquiry}>{(opened) => <EnquiryModal opened={opened} onClose={enquiry.close} />}</LazyDialog>
      </div>
    </EnquiryModalContext>
  );
}
