import { Anchor, Code, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LEAD_CHANNEL_LABELS, type LeadChannel } from '../../../../../shared/lead-source.js';
import { Section } from '../../ui/Section.js';

interface Count {
  leads: number;
  won: number;
}

export interface Sources {
  days: number;
  channels: (Count & { channel: LeadChannel | null })[];
  campaigns: (Count & { campaign: string })[];
}

/** The head of a dashboard table: what each row is, then its counts (right-aligned, as numbers are). */
export function CountsHead({ name, counts }: { name: string; counts: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{name}</Table.Th>
        {counts.map((count) => (
          <Table.Th key={count} scope="col" ta="right">
            {count}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A count with a bar of its share of the largest, for the eye (from tablet width: a phone has room for the number);
 * the number is what screen readers read.
 */
function CountBar({ value, largest }: { value: number; largest: number }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Progress value={(value / largest) * 100} w={96} size="md" visibleFrom="sm" aria-hidden />
      <Text size="sm" w={32} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function SourceTable({
  caption,
  name,
  rows,
}: {
  caption: string;
  name: string;
  /** `to`: the inbox's list of these leads. */
  rows: (Count & { label: string; to?: string })[];
}) {
  const largest = Math.max(1, ...rows.map((row) => row.leads));
  return (
    <Table>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        <Title order={3} size="h6">
          {caption}
        </Title>
      </Table.Caption>
      <CountsHead name={name} counts={['Enquiries', 'Won']} />
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {row.to ? (
                <Anchor component={Link} to={row.to}>
                  {row.label}
                </Anchor>
              ) : (
                row.label
              )}
            </Table.Td>
            <Table.Td>
              <CountBar value={row.leads} largest={largest} />
            </Table.Td>
            <Table.Td ta="right">{row.won}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Where the dashboard's recent enquiries came from (decision 047): by channel (paid ads, social media, search…) and
 * by the campaign of a tagged link, with how many were won, so the office sees which ads and posts bring students.
 */
export function LeadSources({ sources }: { sources: Sources }) {
  const { days, channels, campaigns } = sources;
  return (
    <Section title="Where enquiries come from" aside={<Text size="sm">Last {days} days, spam aside</Text>}>
      {channels.length === 0 ? (
        <Text c="dimmed">No enquiries in the last {days} days.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SourceTable
            caption="By channel"
            name="Channel"
            rows={channels.map((row) => ({
              ...row,
              label: row.channel ? LEAD_CHANNEL_LABELS[row.channel] : 'Not recorded',
              to: row.channel ? `/admin/enquiries?channel=${row.channel}` : undefined,
            }))}
          />
          {campaigns.length === 0 ? (
            <Stack gap="xs">
              <Title order={3} size="h6">
                By campaign
              </Title>
              <Text size="sm" c="dimmed">
                No enquiry came through a tagged link yet. End the links of your ads, posts and newsletters with{' '}
                <Code>?utm_source=facebook&amp;utm_medium=paid_social&amp;utm_campaign=canada-intake</Code> (your own
                words) to see each campaign here.
              </Text>
            </Stack>
          ) : (
            <SourceTable
              caption="By campaign"
              name="Campaign"
              rows={campaigns.map((row) => ({
                ...row,
                label: row.campaign,
                to: `/admin/enquiries?campaign=${encodeURIComponent(row.campaign)}`,
              }))}
            />
          )}
        </SimpleGrid>
      )}
    </Section>
  );
}
