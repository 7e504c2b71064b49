import { Card, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconClock, IconMapPin } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore, type JSX, type ReactNode } from 'react';
import { clockAt } from '../../../../shared/calendar-days.js';
import {
  closureDaysLabel,
  doorSign,
  openingHoursLines,
  type BranchClosure,
  type OpeningHours,
} from '../../../../shared/opening-hours.js';
import type { SiteBranch } from '../../../../shared/site-content.js';
import { SUCCESS_GREEN } from '../../theme.js';
import { useTrpc } from '../../trpc.js';
import classes from '../content/content.module.css';
import { externalLinkOf, googleMapEmbedOf, mapSearchHref } from '../content/embeds.js';
import { BranchContactLinks } from '../content/BranchContactLinks.js';
import { PageSection } from '../content/PageSection.js';
import { useCountryId } from '../country.js';
import { EnquiryForm } from '../forms/EnquiryForm.js';
import ui from '../ui/ui.module.css';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

interface ShownBranch {
  branch: SiteBranch;
  /** The branch's name, with its country when the list spans several countries. */
  label: string;
}

/**
 * The site's branches (loaded by the page's loader); a country site without branches of its own (Global) lists every
 * branch, named with its country, as its enquiry form does.
 */
function useShownBranches(): ShownBranch[] {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const branches = useSuspenseQuery(trpc.site.branches.queryOptions({ countryId })).data;
  return branches.map((branch) => ({
    branch,
    label: branch.country ? `${branch.name}, ${branch.country}` : branch.name,
  }));
}

/**
 * A branch's map. Until the visitor asks for it, a poster of our own (a drawn street grid, the pin and the address)
 * with "Show the map" and a link to Google Maps: the page loads nothing from Google, and a visitor offline sees a
 * finished box with a way to the map instead of a blank frame.
 */
function BranchMap({ branch, label }: ShownBranch) {
  const [shown, setShown] = useState(false);
  const embed = googleMapEmbedOf(branch.google_map_link);
  // A plain link staff gave is the way to the map; an embed address is not a page to open, so search for the address.
  const link = externalLinkOf(branch.google_map_link);
  const mapsHref = link && !embed ? link : mapSearchHref(branch.address);
  if (embed && shown) {
    return (
      <iframe
        src={embed}
        title={`Map of ${label}`}
        referrerPolicy="no-referrer-when-downgrade"
        className={classes.map}
      />
    );
  }
  return (
    <div className={classes.mapPoster}>
      <span className={classes.mapPin} aria-hidden>
        <IconMapPin size={26} />
      </span>
      {embed ? (
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setShown(true)}>
          Show the map<span className={ui.visuallyHidden}> of {label}</span>
        </button>
      ) : null}
      <a href={mapsHref} target="_blank" rel="noopener noreferrer" className={ui.link}>
        Open in Google Maps<span className={ui.visuallyHidden}> (opens in a new tab)</span>
      </a>
    </div>
  );
}

/** Days and what holds on them, under a heading (and a note below it): the week's hours, or the closures to come. */
function BranchDays({
  icon,
  title,
  note,
  lines,
}: {
  icon: ReactNode;
  title: string;
  note?: ReactNode;
  lines: { days: string; what: string }[];
}) {
  const heading = useId();
  return (
    <div className={classes.openingHours}>
      <Text size="sm" fw={600} component="h4" id={heading}>
        {icon} {title}
      </Text>
      {note}
      <dl aria-labelledby={heading}>
        {lines.map(({ days, what }) => (
          <div key={days}>
            <dt>{days}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const noChanges = () => () => {};

/**
 * "Open now · closes 17:30" or when it opens next, at the visitor's moment on the branch's clock (decision 052). Not
 * in the server's render: a kept page is read long after it was made, so the sign is drawn once the page runs.
 */
function DoorSign({ week, closures, timeZone }: { week: OpeningHours; closures: BranchClosure[]; timeZone: string }) {
  const sign = useSyncExternalStore(
    noChanges,
    () => {
      try {
        // The text alone: a snapshot must compare equal from one read to the next, which a new object never does.
        return doorSign(week, closures, clockAt(timeZone, new Date())).text;
      } catch {
        // A clock this browser does not know: no sign rather than a wrong one.
        return null;
      }
    },
    () => null,
  );
  if (!sign) return null;
  return (
    <Text size="sm" fw={600} c={sign.startsWith('Open') ? SUCCESS_GREEN : 'red.9'} mb={4}>
      {sign}
    </Text>
  );
}

/** The closures a card tells: the soonest, the rest are for the booking form's check. */
const CLOSURES_SHOWN = 3;

/** The week as on a shop door (days with the same hours together), then the next days it is closed besides. */
function BranchHours({ branch }: { branch: SiteBranch }) {
  const { opening_hours: week, closures, time_zone: timeZone } = branch;
  return (
    <>
      {week ? (
        <BranchDays
          icon={<IconClock size={16} aria-hidden="true" />}
          title="Opening hours"
          note={timeZone ? <DoorSign week={week} closures={closures} timeZone={timeZone} /> : null}
          lines={openingHoursLines(week).map(({ days, hours }) => ({ days, what: hours }))}
        />
      ) : null}
      {closures.length > 0 ? (
        <BranchDays
          icon={<IconCalendarOff size={16} aria-hidden="true" />}
          title="Closed on"
          lines={closures
            .slice(0, CLOSURES_SHOWN)
            .map((closure) => ({ days: closureDaysLabel(closure), what: closure.name }))}
        />
      ) : null}
    </>
  );
}

function BranchCard({ branch, label }: ShownBranch) {
  return (
    <Card withBorder padding="lg" radius="md" component="article">
      <Title order={3} size="h4">
        {label}
      </Title>
      <Stack gap="xs" mt="sm" mb="md">
        <Text component="address" size="sm" fs="normal">
          {branch.address}
        </Text>
        <BranchContactLinks branch={branch} />
      </Stack>
      <BranchHours branch={branch} />
      <BranchMap branch={branch} label={label} />
    </Card>
  );
}

function Branches() {
  const branches = useShownBranches();
  if (branches.length === 0) return null;
  return (
    <PageSection title="Our branches">
      <div className={ui.branches}>
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
    <ContentPage
      path={path}
      callToAction={false}
      // The form first, under the hero: what most visitors came for (the text and the branches follow).
      lead={
        <PageSection title="Send us a message" width="form">
          <EnquiryForm />
        </PageSection>
      }
    >
      <Branches />
    </ContentPage>
  );
}
