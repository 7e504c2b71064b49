import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import type { SiteBranch } from '../../../../shared/site-content.js';
import { useTrpc } from '../../trpc.js';
import classes from '../content/content.module.css';
import { externalLinkOf, googleMapEmbedOf, mailtoHref, telHref } from '../content/embeds.js';
import { PageSection } from '../content/PageSection.js';
import { useCountryId } from '../country.js';
import { EnquiryForm } from '../forms/EnquiryForm.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

interface ShownBranch {
  branch: SiteBranch;
  /** The branch's name, with its country when the list spans several countries. */
  label: string;
}

/**
 * The country's branches; a country site without branches of its own (Global) lists every branch, named with its
 * country, as its enquiry form does. Both lists are loaded by the page's loader.
 */
function useShownBranches(): ShownBranch[] {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const own = useSuspenseQuery(trpc.site.branches.queryOptions({ countryId })).data;
  const all = useQuery({ ...trpc.branch.getAll.queryOptions(), enabled: own.length === 0 });
  if (own.length > 0) return own.map((branch) => ({ branch, label: branch.name }));
  return (all.data ?? []).map(({ id, name, email, phone_number, address, google_map_link, country }) => ({
    branch: { id, name, email, phone_number, address, google_map_link },
    label: `${name}, ${country.name}`,
  }));
}

function BranchMap({ branch, label }: ShownBranch) {
  const embed = googleMapEmbedOf(branch.google_map_link);
  if (embed) {
    return (
      <iframe
        src={embed}
        title={`Map of ${label}`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className={classes.map}
      />
    );
  }
  const link = externalLinkOf(branch.google_map_link);
  if (!link) return null;
  return (
    <Anchor href={link} size="sm">
      <IconMapPin size={16} aria-hidden="true" /> Open in Google Maps
    </Anchor>
  );
}

function BranchCard({ branch, label }: ShownBranch) {
  const tel = telHref(branch.phone_number);
  return (
    <Card withBorder padding="lg" radius="md" component="article">
      <Title order={3} size="h4">
        {label}
      </Title>
      <Stack gap="xs" mt="sm" mb="md">
        <Text component="address" size="sm" fs="normal">
          {branch.address}
        </Text>
        {tel ? (
          <Anchor href={tel} size="sm">
            <IconPhone size={16} aria-hidden="true" /> {branch.phone_number}
          </Anchor>
        ) : (
          <Text size="sm">{branch.phone_number}</Text>
        )}
        <Anchor href={mailtoHref(branch.email)} size="sm">
          <IconMail size={16} aria-hidden="true" /> {branch.email}
        </Anchor>
      </Stack>
      <BranchMap branch={branch} label={label} />
    </Card>
  );
}

function Branches() {
  const branches = useShownBranches();
  if (branches.length === 0) return null;
  return (
    <PageSection title="Our branches">
      <div className={classes.branches}>
        {branches.map((shown) => (
          <BranchCard key={shown.branch.id} {...shown} />
        ))}
      </div>
    </PageSection>
  );
}

/** Contact us: the text, the branches with their addresses and maps, and the enquiry form. */
export function ContactUsPage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path} callToAction={false}>
      <Branches />
      <PageSection title="Send us a message" width="form">
        <EnquiryForm />
      </PageSection>
    </ContentPage>
  );
}
