import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTrpc } from '../../../trpc.js';
import { COUNTRY_PARAM, CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import { QueryState } from '../../ui/QueryState.js';
import { Toolbar } from '../../ui/Toolbar.js';
import * as Home from './home-sections.js';
import { sectionsOf } from './overview-sections.js';

/**
 * /admin/home (spec §2, the parent of the home screens): one country's home page at a glance, each section with its
 * count, a few of its items and a link to the screen that edits it (opened on the same country), and a preview of
 * the public page.
 */
export function HomeOverviewScreen() {
  const trpc = useTrpc();
  const choice = useCountryChoice();
  const [, setParams] = useSearchParams();
  const { countryId } = choice;
  const overview = useQuery({
    ...trpc.home.overview.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== null,
    // Changes are made on the other screens: coming back shows them.
    staleTime: 0,
  });
  const home = overview.data;
  // The address names the country, so a reload or a shared link opens the same one.
  const show = (value: string | null) => setParams(value ? { [COUNTRY_PARAM]: value } : {}, { replace: true });

  return (
    <Stack gap="lg">
      <Toolbar end={home ? <Home.PreviewLink home={home} /> : null}>
        <CountrySelect choice={choice} onChange={show} />
      </Toolbar>
      {home ? (
        <>
          <Home.Notices home={home} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {sectionsOf(home).map((section) => (
              <Home.HomeSection key={section.title} {...section} />
            ))}
          </SimpleGrid>
        </>
      ) : choice.ready && countryId === null ? (
        <Text>There is no country site for you to see yet.</Text>
      ) : (
        <QueryState query={overview} what="the home page" loading={<Home.SectionsSkeleton />} />
      )}
    </Stack>
  );
}
