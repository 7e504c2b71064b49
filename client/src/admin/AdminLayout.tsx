import {
  Alert,
  Anchor,
  AppShell,
  Badge,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { useTrpc } from '../trpc.js';
import { useActor } from './actor.js';
import { isAt, navFor, type AdminNavItem } from './admin-nav.js';
import { LOGOUT_PATH, signOut, type StaffUser } from './staff-session.js';
import { StaffAvatar } from './ui/StaffAvatar.js';

type SidebarCounts = Partial<Record<NonNullable<AdminNavItem['count']>, number>>;

function SidebarItem({
  item,
  counts,
  onNavigate,
}: {
  item: AdminNavItem;
  counts: SidebarCounts;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const count = item.count ? counts[item.count] : undefined;
  if (item.children) {
    const open = item.children.some((child) => child.to && pathname.startsWith(child.to));
    return (
      <NavLink label={item.label} defaultOpened={open} childrenOffset={16}>
        {item.children.map((child) => (
          <SidebarItem key={child.to ?? child.label} item={child} counts={counts} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={RouterNavLink}
      to={item.to!}
      end={item.end}
      label={item.label}
      rightSection={
        count ? (
          <Badge size="sm" color="red">
            {count > 99 ? '99+' : count}
            <VisuallyHidden> waiting for an answer</VisuallyHidden>
          </Badge>
        ) : undefined
      }
      active={isAt(item, pathname)}
      onClick={onNavigate}
    />
  );
}

/** Every /admin page: top bar (logo, profile, Logout) and the sidebar, which becomes a drawer on small screens. */
export function AdminLayout({ user, children }: { user: StaffUser; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const actor = useActor();
  // Administrator entries appear once the role is known, never by default.
  const isAdmin = actor.data?.role === 'ADMIN';
  // A deactivated account is refused by every call: say so instead of screens that cannot work.
  const refused = actor.error?.data?.code === 'FORBIDDEN' ? actor.error.message : null;
  const { pathname } = useLocation();
  const sidebar = useRef<HTMLDivElement>(null);
  // The sidebar is taller than a laptop's window: the current screen's entry is scrolled into its view.
  useEffect(() => {
    const link = sidebar.current?.querySelector('[data-active]');
    if (!sidebar.current || !link) return;
    const [entry, view] = [link.getBoundingClientRect(), sidebar.current.getBoundingClientRect()];
    if (entry.bottom > view.bottom) sidebar.current.scrollTop += entry.bottom - view.bottom + 8;
    else if (entry.top < view.top) sidebar.current.scrollTop -= view.top - entry.top + 8;
  }, [pathname, isAdmin]);
  // New leads and visitors' answers arrive while staff work: the count of leads waiting for staff is asked again
  // every minute (and after every change to a lead).
  const trpc = useTrpc();
  const toAnswer = useQuery({
    ...trpc.leads.toAnswerCount.queryOptions(),
    enabled: actor.isSuccess,
    refetchInterval: 60_000,
  });
  const counts: SidebarCounts = { enquiriesToAnswer: toAnswer.data };
  // Their uploaded picture, else the sign-in provider's `picture` claim, else initials. Initials until the profile
  // has loaded, so an uploaded picture never replaces the provider's a moment after the page opens.
  const loaded = !actor.isPending;
  // Below Mantine's `sm` breakpoint, where the sidebar becomes a drawer.
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} visibleFrom="xs">
              {PRODUCT_NAME}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {/* The profile image leads to where it is changed (the Staff screen's "Your picture"). */}
            <UnstyledButton
              component={Link}
              to="/admin/staff"
              title="Change your picture"
              style={{ display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)' }}
            >
              <span aria-hidden style={{ display: 'contents' }}>
                <StaffAvatar
                  name={user.name}
                  pictureUrl={loaded ? (actor.data?.picture_url ?? null) : null}
                  fallbackUrl={loaded ? user.picture : null}
                  size="md"
                />
              </span>
              {/* On a phone the name is not shown, but the link still says whose it is. */}
              {phone ? <VisuallyHidden>{user.name}</VisuallyHidden> : <Text size="sm">{user.name}</Text>}
              <VisuallyHidden>: change your picture</VisuallyHidden>
            </UnstyledButton>
            {/* The spec's link to the logout path; a click signs out with a POST (a GET only asks to confirm). */}
            <Anchor
              href={LOGOUT_PATH}
              size="sm"
              fw={600}
              onClick={(event) => {
                event.preventDefault();
                signOut();
              }}
            >
              Logout
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Admin sections">
        <ScrollArea p="xs" viewportRef={sidebar}>
          {navFor(isAdmin).map((item) => (
            <SidebarItem key={item.to ?? item.label} item={item} counts={counts} onNavigate={close} />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {refused ? (
          <Alert color="red" title="No access" role="alert">
            {refused}
          </Alert>
        ) : (
          children
        )}
      </AppShell.Main>
    </AppShell>
  );
}
