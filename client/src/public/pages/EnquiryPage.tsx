import type { JSX } from 'react';
import { PageSection } from '../content/PageSection.js';
import { EnquiryForm } from '../forms/EnquiryForm.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

/** The enquiry page: its text and the enquiry form. */
export function EnquiryPage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path} callToAction={false}>
      <PageSection title="Your enquiry" width="form">
        <EnquiryForm />
      </PageSection>
    </ContentPage>
  );
}
