import { useSuspenseQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import { useTrpc } from '../../trpc.js';
import { PageSection } from '../content/PageSection.js';
import { TeamMemberCard } from '../content/TeamMemberCard.js';
import { useCountryId } from '../country.js';
import ui from '../ui/ui.module.css';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

function Team() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const team = useSuspenseQuery(trpc.site.team.queryOptions({ countryId })).data;
  return (
    <PageSection title="Our team">
      {team.length === 0 ? (
        <p>Our team will be introduced here soon.</p>
      ) : (
        <div className={ui.grid3}>
          {team.map((member) => (
            <TeamMemberCard key={member.id} member={member} detailed />
          ))}
        </div>
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
