import type { JSX } from 'react';
import { PageSection } from '../content/PageSection.js';
import { AustralianPointsChecker } from '../eligibility/AustralianPointsChecker.js';
import { SendToCounsellor } from '../eligibility/SendToCounsellor.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

/** Eligibility: the page's text, then Australia's skilled-visa points test worked out as the visitor answers. */
export function EligibilityPage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path}>
      <PageSection
        title="Australian skilled visa points test"
        intro="Answer six short steps to estimate your points for the Skilled Independent (189), Skilled Nominated (190) and Skilled Work Regional (491) visas."
        width="narrow"
      >
        <AustralianPointsChecker
          footer={(answers, result) => (
            <SendToCounsellor attachment={answers && { tool: 'AU_POINTS', answers }} result={result} />
          )}
        />
      </PageSection>
    </ContentPage>
  );
}
