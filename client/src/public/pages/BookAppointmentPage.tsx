import { Button, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { JSX } from 'react';
import { PageSection } from '../content/PageSection.js';
import { externalLinkOf } from '../content/embeds.js';
import { GeneralForm } from '../forms/GeneralForm.js';
import { useSiteLayout } from '../useSiteLayout.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

/** The online booking page configured for the site, if any (read defensively: older layouts have no settings). */
function useAppointmentUrl(): string | null {
  const layout = useSiteLayout() as { settings?: { appointmentUrl?: string | null } | null };
  return externalLinkOf(layout.settings?.appointmentUrl ?? null);
}

/** Book an appointment: an online booking link when configured and the appointment request form, then the text. */
export function BookAppointmentPage({ path }: SitePageProps): JSX.Element {
  const appointmentUrl = useAppointmentUrl();
  return (
    <ContentPage
      path={path}
      callToAction={false}
      // The booking first, under the hero: what the visitor came for (the page's text follows).
      lead={
        <>
          {appointmentUrl ? (
            <PageSection title="Book online" width="form">
              <Text>Choose a time that suits you in our online calendar.</Text>
              <Button
                component="a"
                href={appointmentUrl}
                mt="md"
                leftSection={<IconCalendarEvent aria-hidden="true" />}
              >
                Book online
              </Button>
            </PageSection>
          ) : null}
          <PageSection
            title="Request an appointment"
            intro="Leave your details and a counsellor will contact you to arrange a time."
            width="form"
          >
            <GeneralForm />
          </PageSection>
        </>
      }
    />
  );
}
