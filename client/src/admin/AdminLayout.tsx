import { Alert, Anchor, AppShell, Avatar, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { useActor } from './actor.js';
import { navFor, type AdminNavItem } from './admin-nav.js';
import { LOGOUT_PATH, signOut, type StaffUser } from './staff-session.js';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function SidebarItem({ item, onNavigate }: { item: AdminNavItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  if (item.children) {
    const open = item.children.some((child) => child.to && pathname.startsWith(child.to));
    return (
      <NavLink label={item.label} defaultOpened={open} childrenOffset={16}>
        {item.children.map((child) => (
          <SidebarItem key={child.to ?? child.label} item={child} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={RouterNavLink}
      to={item.to!}
      label={item.label}
      active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
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
            <Avatar src={user.picture} alt={user.name} color="blue" radius="xl" size="md">
              {initials(user.name)}
            </Avatar>
            <Text size="sm" visibleFrom="sm">
              {user.name}
            </Text>
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
        <ScrollArea p="xs">
          {navFor(isAdmin).map((item) => (
            <SidebarItem key={item.to ?? item.label} item={item} onNavigate={close} />
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
