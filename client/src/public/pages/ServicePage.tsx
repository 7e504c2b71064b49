import type { JSX, ReactNode } from 'react';
import { EnquiryCallToAction } from '../content/EnquiryCallToAction.js';
import { PageBanners } from '../content/PageBanners.js';
import { PageIntro } from '../content/PageIntro.js';
import { PageText } from '../content/PageText.js';
import ui from '../ui/ui.module.css';
import { useSitePage, type SitePageProps } from './site-data.js';

/**
 * A page made of its banners and text: every study, class, visa, other and Canada page, and the base of the
 * pages that add a form or a list below the text (`children`).
 */
export function ContentPage({
  path,
  children,
  callToAction = true,
}: SitePageProps & { children?: ReactNode; callToAction?: boolean }): JSX.Element {
  const { banners, content } = useSitePage(path);
  return (
    <>
      <PageBanners banners={banners} />
      <div className={`${ui.container} ${ui.section} ${ui.narrow}`}>
        <PageIntro content={content} />
        <PageText body={content.body} />
      </div>
      {children}
      {callToAction ? <EnquiryCallToAction /> : null}
    </>
  );
}

/** A service page (study, test preparation, visa, other, Canada): banners, text and an enquiry invitation. */
export function ServicePage({ path }: SitePageProps): JSX.Element {
  return <ContentPage path={path} />;
}
