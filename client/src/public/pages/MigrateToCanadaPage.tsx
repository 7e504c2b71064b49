import type { JSX } from 'react';
import { PageSection } from '../content/PageSection.js';
import { CrsChecker } from '../eligibility/CrsChecker.js';
import { SendToCounsellor } from '../eligibility/SendToCounsellor.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

/** Migrate to Canada: the page's text, then the Comprehensive Ranking System (Express Entry) checker. */
export function MigrateToCanadaPage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path}>
      <PageSection
        title="Check your Express Entry score"
        intro="Estimate your Comprehensive Ranking System (CRS) score in six short steps. The total updates as you answer."
      >
        <CrsChecker
          footer={(answers, result) => <SendToCounsellor attachment={{ tool: 'CRS', answers }} result={result} />}
        />
      </PageSection>
    </ContentPage>
  );
}
