import { Anchor, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTrpc } from '../../trpc.js';
import { useActor } from '../actor.js';
import { Section } from '../ui/Section.js';
import { navFor } from '../admin-nav.js';
import { EligibilityRules } from './leads/EligibilityRules.js';
import { LeadsOverview } from './leads/LeadsOverview.js';
import { GoLiveChecklist } from './settings/GoLiveChecklist.js';

/** /admin: who is signed in, the enquiries to answer and how they go, and every section one click away. */
export function DashboardScreen() {
  const trpc = useTrpc();
  const actor = useActor();
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const me = actor.data;
  const mine = me?.role === 'EDITOR' ? (countries.data ?? []).filter((c) => me.countryIds.includes(c.id)) : [];
  return (
    <Stack gap="lg">
      {me ? (
        <Text>
          Signed in as <strong>{me.name}</strong> ({me.email}),{' '}
          {me.role === 'ADMIN'
            ? 'an administrator: you may change every country site.'
            : `an editor of ${mine.map((c) => c.name).join(', ') || 'no country yet'}.`}
        </Text>
      ) : null}
      {me?.role === 'ADMIN' ? <GoLiveChecklist /> : null}
      <LeadsOverview />
      <EligibilityRules />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {navFor(me?.role === 'ADMIN').map((section) => (
          <Section
            key={section.label}
            title={
              section.to ? (
                <Anchor component={Link} to={section.to}>
                  {section.label}
                </Anchor>
              ) : (
                section.label
              )
            }
          >
            {section.children ? (
              <List size="sm" spacing={4}>
                {section.children.map((child) => (
                  <List.Item key={child.to}>
                    <Anchor component={Link} to={child.to!}>
                      {child.label}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Section>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** An /admin address that names no screen. */
export function AdminNotFound() {
  return (
    <Text>
      There is no staff screen at this address.{' '}
      <Anchor component={Link} to="/admin">
        Back to the dashboard
      </Anchor>
    </Text>
  );
}
