import { Anchor, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../ui/QueryState.js';
import { Section } from '../../ui/Section.js';
import { useTrpc } from '../../../trpc.js';
import { countOf, hoursInWords } from '../../../../../shared/words.js';
import { formatDay, KindBadge, leadName } from './lead-parts.js';
import { CountsHead, LeadSources } from './LeadSources.js';
import { LeadAgenda } from './LeadAgenda.js';

const LeadsChart = lazy(() => import('./LeadsChart.js'));

function Figure({ label, value, hint }: { label: string; value: string; hint: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/**
 * The dashboard's leads: what needs answering (new, overdue, my follow-ups due), per country, and how the last 12
 * weeks went (leads per week by country or by service, and the share of closed leads that were won), the
 * appointments of the next days, and where recent leads came from.
 */
export function LeadsOverview() {
  const trpc = useTrpc();
  const dashboard = useQuery(trpc.leads.dashboard.queryOptions());
  const [by, setBy] = useState<'country' | 'service'>('country');
  if (!dashboard.isSuccess) return <QueryState query={dashboard} what="the enquiries overview" />;
  const { countries, firstResponse, followUps, perWeekByCountry, perWeekByService, closed } = dashboard.data;
  const newCount = countries.reduce((sum, country) => sum + country.new, 0);
  const overdue = countries.reduce((sum, country) => sum + country.overdue, 0);
  const waiting = countries.reduce((sum, country) => sum + country.waiting, 0);
  const closedCount = closed.won + closed.lost;
  const chart = by === 'country' ? perWeekByCountry : perWeekByService;
  const charted = chart.rows.reduce(
    (sum, row) => sum + chart.series.reduce((inner, name) => inner + Number(row[name] ?? 0), 0),
    0,
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Figure
          label="New enquiries"
          value={String(newCount)}
          hint={
            <>
              Not answered yet
              {waiting > 0 ? (
                <>
                  {' · '}
                  {/* Visitors who answered our mails (decision 054): they wait too. */}
                  <Anchor component={Link} to="/admin/enquiries?waiting=yes&order=WAITING" inherit>
                    {countOf(waiting, 'visitor')} waiting for a reply
                  </Anchor>
                </>
              ) : null}
            </>
          }
        />
        <Figure
          label="First response"
          value={firstResponse.median_hours === null ? '–' : hoursInWords(firstResponse.median_hours)}
          hint={`Median wait for a reply or a call, last ${firstResponse.days} days: ${firstResponse.answered} of ${countOf(firstResponse.received, 'enquiry', 'enquiries')} answered`}
        />
        <Figure label="Overdue follow-ups" value={String(overdue)} hint="Open leads past their follow-up day" />
        <Figure
          label="Conversion"
          value={closedCount === 0 ? '–' : `${Math.round((closed.won / closedCount) * 100)}%`}
          hint={`${closed.won} won of ${closedCount} closed (won or lost)`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <Section title="My follow-ups due">
          {followUps.length === 0 ? (
            <Text c="dimmed">Nothing due today. Leads assigned to you with a follow-up day show here.</Text>
          ) : (
            <Stack gap="xs">
              {followUps.map((lead) => (
                <Group key={lead.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/admin/enquiries?lead=${lead.id}`} fw={600}>
                      {leadName(lead)}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {lead.country_name}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <KindBadge kind={lead.kind} />
                    <Text size="sm" c={lead.follow_up_on! < dashboard.data.today ? 'red.8' : undefined}>
                      {formatDay(lead.follow_up_on!)}
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="By country">
          {countries.length === 0 ? (
            <Text c="dimmed">No enquiries yet.</Text>
          ) : (
            // Four columns fit a phone's card only this tight.
            <Table fz="sm" horizontalSpacing={6}>
              <CountsHead name="Country" counts={['New', 'Overdue', 'First response']} />
              <Table.Tbody>
                {countries.map((country) => (
                  <Table.Tr key={country.id}>
                    <Table.Td>{country.name}</Table.Td>
                    <Table.Td ta="right">{country.new}</Table.Td>
                    <Table.Td ta="right" c={country.overdue > 0 ? 'red.8' : undefined}>
                      {country.overdue}
                    </Table.Td>
                    <Table.Td ta="right">
                      {country.firstResponse.median_hours === null
                        ? '–'
                        : hoursInWords(country.firstResponse.median_hours)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <LeadAgenda agenda={dashboard.data.appointments} today={dashboard.data.today} />
      </SimpleGrid>
      <Section
        title="Enquiries per week"
        aside={
          <SegmentedControl
            size="xs"
            aria-label="Group the weeks by"
            value={by}
            onChange={(value) => setBy(value)}
            data={[
              { value: 'country', label: 'By country' },
              { value: 'service', label: 'By service' },
            ]}
          />
        }
      >
        {charted === 0 ? (
          <Text c="dimmed">No enquiries in the last 12 weeks.</Text>
        ) : (
          <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
            <LeadsChart
              rows={chart.rows}
              series={chart.series}
              label={`${charted} enquiries in the last 12 weeks, per week, ${by === 'country' ? 'by country' : 'by service'}`}
            />
          </Suspense>
        )}
      </Section>
      <LeadSources sources={dashboard.data.sources} />
    </Stack>
  );
}
