import type { JSX, ReactNode } from 'react';
import { Link } from 'react-router';
import type { SiteBanner } from '../../../../shared/site-content.js';
import { safeLinkOf } from '../content/embeds.js';
import { EnquiryCallToAction } from '../content/EnquiryCallToAction.js';
import { PageAside } from '../content/PageAside.js';
import { PageFaqs } from '../content/PageFaqs.js';
import { PageHero } from '../content/PageHero.js';
import { PageText } from '../content/PageText.js';
import classes from '../content/content.module.css';
import ui from '../ui/ui.module.css';
import { useSitePage, type SitePageProps } from './site-data.js';

/** The text and buttons of a page's banners (their first picture is the hero's): staff's highlights, kept in view. */
function BannerHighlights({ banners }: { banners: SiteBanner[] }) {
  const shown = banners.filter((banner) => banner.title || banner.description || banner.button_name);
  if (shown.length === 0) return null;
  return (
    <ul className={`${ui.plainList} ${classes.highlights}`} aria-label="Highlights">
      {shown.map((banner) => {
        const link = safeLinkOf(banner.button_url);
        const button =
          link && banner.button_name ? (
            link.kind === 'internal' ? (
              <Link to={link.to} className={ui.link}>
                {banner.button_name}
              </Link>
            ) : (
              <a href={link.href} className={ui.link}>
                {banner.button_name}
              </a>
            )
          ) : null;
        return (
          <li key={banner.id} className={classes.highlight}>
            {banner.title ? <p className={classes.highlightTitle}>{banner.title}</p> : null}
            {banner.description ? <p>{banner.description}</p> : null}
            {button}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A page made of its hero and text: every study, class, visa, other and Canada page, and the base of the pages that
 * add a form or a list below the text (`children`). Pages that invite an enquiry (`callToAction`) get the
 * counsellor card and related services beside the text, and the closing invitation; the pages that are a form or a
 * list themselves get neither.
 */
export function ContentPage({
  path,
  lead,
  children,
  callToAction = true,
}: SitePageProps & {
  /** What the page is for, right under the hero and before its text (the blog's posts). */
  lead?: ReactNode;
  children?: ReactNode;
  callToAction?: boolean;
}): JSX.Element {
  const { banners, content, faqs } = useSitePage(path);
  return (
    <>
      <PageHero path={path} content={content} banners={banners} actions={callToAction} />
      {lead}
      <div className={`${ui.container} ${ui.section} ${callToAction ? classes.pageLayout : ui.narrow}`}>
        <div className={classes.pageMain}>
          <BannerHighlights banners={banners} />
          <PageText body={content.body} />
          <PageFaqs faqs={faqs} />
        </div>
        {callToAction ? <PageAside path={path} /> : null}
      </div>
      {children}
      {callToAction ? <EnquiryCallToAction /> : null}
    </>
  );
}

/** A service page (study, test preparation, visa, other, Canada): hero, text, counsellor card and an invitation. */
export function ServicePage({ path }: SitePageProps): JSX.Element {
  return <ContentPage path={path} />;
}
