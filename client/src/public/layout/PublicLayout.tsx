import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/brand.js';
import { EnquiryModalContext } from '../enquiry-modal.js';
import { applyPageMeta, NOT_FOUND_META, type PageLoaderData } from '../meta.js';
import { useSiteLayout } from '../useSiteLayout.js';
import { ChatBubble } from './ChatBubble.js';
import { ContactStrip } from './ContactStrip.js';
import { EnquiryModal } from './EnquiryModal.js';
import { Footer } from './Footer.js';
import classes from './layout.module.css';
import { MainNav } from './MainNav.js';
import { MobileNav } from './MobileNav.js';
import { BOOK_APPOINTMENT_PAGE_NAME, ENQUIRY_PAGE_NAME, isPageEnabled, MENU, visibleMenu } from './navigation.js';
import { NavigationProgress } from './NavigationProgress.js';

/** Keeps the title, description, canonical link and Open Graph tags current after client-side navigation. */
function usePageMetaSync() {
  const matches = useMatches();
  const { pathname } = useLocation();
  useEffect(() => {
    const data = [...matches].reverse().find((match) => (match.loaderData as Partial<PageLoaderData> | null)?.meta);
    const meta = (data?.loaderData as PageLoaderData | undefined)?.meta ?? NOT_FOUND_META;
    applyPageMeta(meta, new URL(pathname, window.location.origin).href);
  }, [matches, pathname]);
}

/** The public layout (spec §2): sticky contact strip and navigation, the page, the footer and the chat bubble. */
export function PublicLayout() {
  const layout = useSiteLayout();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [enquiryOpened, enquiry] = useDisclosure(false);
  const { pathname } = useLocation();
  usePageMetaSync();

  const menu = useMemo(() => visibleMenu(MENU, layout.enabledPageNames), [layout.enabledPageNames]);
  const showEnquiry = isPageEnabled(ENQUIRY_PAGE_NAME, layout.enabledPageNames);
  const showBookAppointment = isPageEnabled(BOOK_APPOINTMENT_PAGE_NAME, layout.enabledPageNames);
  const enquiryControls = useMemo(() => ({ open: enquiry.open }), [enquiry.open]);

  // Any open drawer closes when the page changes.
  const closeDrawer = drawer.close;
  useEffect(() => {
    closeDrawer();
  }, [pathname, closeDrawer]);

  return (
    <EnquiryModalContext value={enquiryControls}>
      <Box className={classes.page}>
        <a href="#main" className={classes.skipLink}>
          Skip to content
        </a>
        <Box component="header" className={classes.header}>
          <ContactStrip layout={layout} />
          <Container size="xl">
            <Group justify="space-between" wrap="nowrap" py="xs" gap="sm">
              <Anchor component={Link} to="/" className={classes.logo} underline="never">
                <img src="/favicon.svg" alt="" width={32} height={32} />
                <span>{PRODUCT_NAME}</span>
              </Anchor>
              <Group gap="xs" wrap="nowrap" className={classes.desktopNav}>
                {showEnquiry ? <Button onClick={enquiry.open}>Enquiry</Button> : null}
                {showBookAppointment ? (
                  <Button component={Link} to="/book-an-appointment" variant="outline">
                    Book An Appointment
                  </Button>
                ) : null}
              </Group>
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                className={classes.mobileOnly}
                aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
                aria-expanded={drawerOpened}
              />
            </Group>
          </Container>
          {/* The menu has a row of its own on wide screens: with the logo and the two actions it would not fit. */}
          <Box className={`${classes.desktopNav} ${classes.menuRow}`}>
            <Container size="xl">
              <Box component="nav" aria-label="Main">
                <MainNav entries={menu} />
              </Box>
            </Container>
          </Box>
          <NavigationProgress />
        </Box>
        <MobileNav
          opened={drawerOpened}
          onClose={drawer.close}
          entries={menu}
          showEnquiry={showEnquiry}
          showBookAppointment={showBookAppointment}
          onEnquiry={enquiry.open}
        />
        <Box component="main" id="main" tabIndex={-1} className={classes.main}>
          <Outlet />
        </Box>
        <Footer layout={layout} />
        <ChatBubble branches={layout.chatBranches} />
        <EnquiryModal opened={enquiryOpened} onClose={enquiry.close} />
      </Box>
    </EnquiryModalContext>
  );
}
