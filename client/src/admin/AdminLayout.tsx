import {
  Alert,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { useTrpc } from '../trpc.js';
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
      label={item.label}
      rightSection={
        count ? (
          <Badge size="sm" color="red">
            {count > 99 ? '99+' : count}
            <VisuallyHidden> new</VisuallyHidden>
          </Badge>
        ) : undefined
      }
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
  // New leads arrive while staff work: the count is asked again every minute (and after every change to a lead).
  const trpc = useTrpc();
  const newEnquiries = useQuery({
    ...trpc.leads.newCount.queryOptions(),
    enabled: actor.isSuccess,
    refetchInterval: 60_000,
  });
  const counts: SidebarCounts = { newEnquiries: newEnquiries.data };
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
