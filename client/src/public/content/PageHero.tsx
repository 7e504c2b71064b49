import { IconChevronRight } from '@tabler/icons-react';
import type { JSX } from 'react';
import { Link } from 'react-router';
import type { SectionIllustration } from '../../../../shared/illustrations.js';
import type { SiteBanner, SitePageContent } from '../../../../shared/site-content.js';
import { BOOK_APPOINTMENT_PAGE_NAME, ENQUIRY_PAGE_NAME, isPageEnabled, menuTrail } from '../layout/navigation.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import { EnquiryButton } from './EnquiryButton.js';
import ui from '../ui/ui.module.css';
import { useSiteLayout } from '../useSiteLayout.js';
import classes from './content.module.css';

/** The picture of a page without a banner of its own, by the part of the site its address is in. */
export function sectionIllustrationOf(path: string): SectionIllustration {
  const rules: [RegExp, SectionIllustration][] = [
    [/^\/study\//, 'study'],
    [/^\/class\//, 'classes'],
    [/^\/visa\//, 'visa'],
    [/^\/other\/health-insurance/, 'health'],
    [/^\/other\/professional-year/, 'career'],
    [/^\/other\/eligibility/, 'eligibility'],
    [/^\/canada\//, 'canada'],
    [/^\/about-us/, 'team'],
    [/^\/gallery/, 'gallery'],
    [/^\/blog/, 'blog'],
    [/^\/(privacy-policy|terms)/, 'legal'],
  ];
  return rules.find(([pattern]) => pattern.test(path))?.[1] ?? 'contact';
}

export interface PageHeroProps {
  path: string;
  content: SitePageContent;
  /** The page's banners: the first one's picture, when there is one, instead of the section's illustration. */
  banners: SiteBanner[];
  /** Whether the hero offers an enquiry and an appointment (not on the pages that are those forms). */
  actions?: boolean;
}

/**
 * An inner page's hero: the breadcrumb (Home, then the menu groups the page sits in), the page's h1 and summary,
 * the two calls to action, and a picture beside them on wide screens. The picture is the first paint on most inner
 * pages, so it is asked for at high priority and keeps its box while it loads.
 */
export function PageHero({ path, content, banners, actions = true }: PageHeroProps): JSX.Element {
  const { enabledPageNames } = useSiteLayout();
  const trail = menuTrail(path);
  const banner = banners[0];
  const showEnquiry = actions && isPageEnabled(ENQUIRY_PAGE_NAME, enabledPageNames);
  const showBooking = actions && isPageEnabled(BOOK_APPOINTMENT_PAGE_NAME, enabledPageNames);
  return (
    <section className={classes.pageHero} aria-labelledby="page-heading">
      <div className={`${ui.container} ${classes.pageHeroInner}`}>
        <div className={classes.pageHeroText}>
          <nav aria-label="Breadcrumb">
            <ol className={classes.breadcrumb}>
              <li>
                <Link to="/">Home</Link>
              </li>
              {trail.map((label) => (
                <li key={label}>
                  <IconChevronRight size={14} aria-hidden />
                  <span>{label}</span>
                </li>
              ))}
              <li>
                <IconChevronRight size={14} aria-hidden />
                <span aria-current="page">{content.heading}</span>
              </li>
            </ol>
          </nav>
          <h1 id="page-heading" className={classes.pageHeroTitle}>
            {content.heading}
          </h1>
          {content.summary ? <p className={classes.heroDescription}>{content.summary}</p> : null}
          {showEnquiry || showBooking ? (
            <div className={classes.heroActions}>
              {showBooking ? (
                <Link to="/book-an-appointment" className={`${ui.button} ${ui.accent} ${ui.large}`}>
                  Book an Appointment
                </Link>
              ) : null}
              {showEnquiry ? <EnquiryButton className={`${ui.button} ${ui.ghost} ${ui.large}`} /> : null}
            </div>
          ) : null}
        </div>
        <div className={classes.pageHeroMedia}>
          {banner ? (
            <ResponsiveImage
              image={banner.image}
              alt=""
              sizes="(min-width: 62em) 480px, (min-width: 48em) 40vw, 100vw"
              priority
              aspectRatio="3 / 2"
              fit="cover"
              radius="lg"
              className={classes.heroImage}
            />
          ) : (
            <img
              src={`/illustrations/${sectionIllustrationOf(path)}.svg`}
              alt=""
              width={900}
              height={600}
              fetchPriority="high"
              className={classes.pageHeroIllustration}
            />
          )}
        </div>
      </div>
    </section>
  );
}
