import type { JSX } from 'react';
import { PageSection } from '../content/PageSection.js';
import { OshcForm } from '../forms/OshcForm.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

/** Health insurance (OSHC): the service text and the quote request form. */
export function HealthInsurancePage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path} callToAction={false}>
      <PageSection
        title="Request an OSHC quote"
        intro="Tell us the cover you need and when it should start."
        width="form"
      >
        <OshcForm />
      </PageSection>
    </ContentPage>
  );
}
