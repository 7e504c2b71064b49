import { AppShell, Group, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '../../../shared/brand.js';

/** The staff area. Rendered in the browser only and loaded on demand (see routes.tsx). */
export function AdminApp() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md">
          <Text fw={700}>{PRODUCT_NAME} · Admin</Text>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Title order={1} size="h2">
          Admin
        </Title>
        <Text mt="sm">Staff sign-in and content screens arrive here.</Text>
      </AppShell.Main>
    </AppShell>
  );
}
