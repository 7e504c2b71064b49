import { SimpleGrid, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import { useTrpc } from '../../trpc.js';
import { PageSection } from '../content/PageSection.js';
import { TeamMemberCard } from '../content/TeamMemberCard.js';
import { useCountryId } from '../country.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

function Team() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const team = useSuspenseQuery(trpc.site.team.queryOptions({ countryId })).data;
  return (
    <PageSection title="Our team">
      {team.length === 0 ? (
        <Text>Our team will be introduced here soon.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {team.map((member) => (
            <TeamMemberCard key={member.id} member={member} detailed />
          ))}
        </SimpleGrid>
      )}
    </PageSection>
  );
}

/** About us: the text, then the country's team with their contacts and registrations. */
export function AboutUsPage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path}>
      <Team />
    </ContentPage>
  );
}
