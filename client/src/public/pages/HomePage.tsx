import { lazy, useEffect, type JSX } from 'react';
import { Link } from 'react-router';
import type { SiteHome, SitePopup } from '../../../../shared/site-content.js';
import { isSitePath, sitePageOf } from '../../../../shared/site-pages.js';
import { countOf } from '../../../../shared/words.js';
import classes from '../content/content.module.css';
import { EnquiryCallToAction } from '../content/EnquiryCallToAction.js';
import { PageBanners } from '../content/PageBanners.js';
import { PageIntro } from '../content/PageIntro.js';
import { PageSection } from '../content/PageSection.js';
import { PageText } from '../content/PageText.js';
import { TeamMemberCard } from '../content/TeamMemberCard.js';
import { VideoEmbed } from '../content/VideoEmbed.js';
import { LazyDialog, useLazyDialog } from '../layout/lazy-dialog.js';
import { isPageEnabled } from '../layout/navigation.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import { useSiteLayout } from '../useSiteLayout.js';
import { useSiteHome } from './site-data.js';

// The popup's dialog loads only on a home page that has a popup, when it opens.
const HomePopupDialog = lazy(() => import('./HomePopupDialog.js'));

/** Links to other pages only where the country site shows them (a hidden page would answer 404). */
function usePageShown(name: string): boolean {
  return isPageEnabled(name, useSiteLayout().enabledPageNames);
}

function AboutUs({ aboutUs }: { aboutUs: NonNullable<SiteHome['aboutUs']> }) {
  const showAboutUs = usePageShown('About Us');
  return (
    <PageSection title="About us">
      <div className={ui.grid2}>
        <div>
          <PageText body={aboutUs.description} headingOrder={3} />
          {showAboutUs ? (
            <Link to="/about-us" className={ui.link}>
              More about us
            </Link>
          ) : null}
        </div>
        {aboutUs.video ? <VideoEmbed url={aboutUs.video.url} title={aboutUs.video.name} /> : null}
      </div>
    </PageSection>
  );
}

/**
 * Why a visitor can trust the country's consultancy, in figures from the data: its counsellors and their
 * registrations, what students say, and where to meet them. A figure without data is left out, never invented.
 */
function TrustFigures({ home }: { home: SiteHome }) {
  const { settings, country } = useSiteLayout();
  const registrations = home.team.flatMap((member) =>
    member.certifications.map((c) => `${c.certificate_name} ${c.certificate_code}`),
  );
  const ratings = home.testimonials.map((testimonial) => testimonial.rating);
  const average = ratings.length ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : 0;
  const figures: { value: string; label: string; detail?: string }[] = [];
  if (settings.registrationNumbers || registrations.length > 0) {
    figures.push({
      value: 'Registered',
      label: 'migration agents and education counsellors',
      detail: settings.registrationNumbers ?? registrations.join(', '),
    });
  }
  if (home.team.length > 0) {
    figures.push({
      value: String(home.team.length),
      label: home.team.length === 1 ? 'counsellor for this site' : 'counsellors for this site',
    });
  }
  if (ratings.length > 0) {
    figures.push({
      value: `${average.toFixed(1)} / 5`,
      label: `from ${countOf(ratings.length, 'student review')}`,
    });
  }
  if (home.offices.length > 0) {
    figures.push({
      value: String(home.offices.length),
      label: `${home.offices.length === 1 ? 'office' : 'offices'} in ${country.name}`,
      detail: home.offices.join(', '),
    });
  }
  if (figures.length === 0) return null;
  return (
    <section aria-label="Why students trust us" className={classes.trust}>
      <div className={ui.container}>
        <ul className={`${ui.plainList} ${classes.trustList}`}>
          {figures.map((figure) => (
            <li key={figure.label} className={classes.trustItem}>
              <p className={classes.trustValue}>{figure.value}</p>
              <p className={classes.trustLabel}>{figure.label}</p>
              {figure.detail ? <p className={classes.trustDetail}>{figure.detail}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Services({ services }: { services: SiteHome['services'] }) {
  const { enabledPageNames } = useSiteLayout();
  // A card leads on only to a page this country's site has (staff may have taken it off since).
  const linkOf = (path: string | null) =>
    path && isSitePath(path) && isPageEnabled(sitePageOf(path).name, enabledPageNames) ? path : null;
  return (
    <PageSection title="Our services">
      <div className={ui.grid3}>
        {services.map((service) => {
          const link = linkOf(service.link);
          return (
            <article key={service.id} className={`${ui.card} ${classes.serviceCard}`}>
              <ResponsiveImage
                image={service.image}
                // The title below says what the picture shows.
                alt=""
                sizes="(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw"
                aspectRatio="3 / 2"
                fit="cover"
              />
              <div className={ui.cardBody}>
                <h3 className={ui.title4}>
                  {link ? (
                    // The title's link covers the whole card (one link per card, named by the title).
                    <Link to={link} className={classes.serviceLink}>
                      {service.title}
                    </Link>
                  ) : (
                    service.title
                  )}
                </h3>
                <p className={`${ui.small} ${link ? classes.cardTextMore : classes.cardText}`}>{service.description}</p>
              </div>
            </article>
          );
        })}
      </div>
    </PageSection>
  );
}

/** Stars as text: five characters, the first `rating` of them filled; read out as "Rated n out of 5". */
function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={classes.stars}>
      <span className={classes.starsFilled}>{'★'.repeat(rating)}</span>
      {'★'.repeat(Math.max(0, 5 - rating))}
    </span>
  );
}

function Testimonials({ testimonials }: { testimonials: SiteHome['testimonials'] }) {
  return (
    <PageSection title="What our students say">
      <div className={ui.grid3}>
        {testimonials.map((testimonial) => (
          <figure key={testimonial.id} className={`${ui.card} ${ui.cardBody} ${classes.testimonial}`}>
            <Stars rating={testimonial.rating} />
            <blockquote className={classes.quote}>{testimonial.testimonial}</blockquote>
            <figcaption className={classes.testimonialAuthor}>
              <div className={classes.avatar}>
                <ResponsiveImage
                  image={testimonial.image}
                  alt=""
                  sizes="56px"
                  aspectRatio="1 / 1"
                  fit="cover"
                  radius="round"
                />
              </div>
              <div>
                <p className={classes.authorName}>{testimonial.name}</p>
                <p className={`${ui.small} ${ui.muted}`}>{testimonial.relation}</p>
              </div>
            </figcaption>
          </figure>
        ))}
      </div>
    </PageSection>
  );
}

function Team({ team }: { team: SiteHome['team'] }) {
  const showAboutUs = usePageShown('About Us');
  return (
    <PageSection title="Meet our team">
      <div className={ui.grid4}>
        {team.map((member) => (
          <TeamMemberCard key={member.id} member={member} />
        ))}
      </div>
      {showAboutUs ? (
        <Link to="/about-us" className={`${ui.button} ${ui.outline} ${classes.sectionAction}`}>
          Meet the whole team
        </Link>
      ) : null}
    </PageSection>
  );
}

function GalleryTeaser({ images }: { images: SiteHome['galleryTeaser'] }) {
  const showGallery = usePageShown('Gallery');
  return (
    <PageSection title="Gallery">
      <div className={ui.pictures}>
        {images.map((image) => (
          <ResponsiveImage
            key={image.id}
            image={image}
            sizes="(min-width: 48em) 33vw, 50vw"
            aspectRatio="1 / 1"
            fit="cover"
            radius="md"
          />
        ))}
      </div>
      {showGallery ? (
        <Link to="/gallery" className={`${ui.button} ${ui.outline} ${classes.sectionAction}`}>
          View the gallery
        </Link>
      ) : null}
    </PageSection>
  );
}

/** How long after the page appears the popup opens, so it never interrupts the first paint. */
const POPUP_DELAY_MS = 600;

function popupSeenKey(id: number): string {
  return `popup-seen:${id}`;
}

/** Whether the popup was shown earlier in this visit; storage may be unavailable (private modes), then "no". */
function takePopupTurn(id: number): boolean {
  try {
    if (window.sessionStorage.getItem(popupSeenKey(id))) return false;
    window.sessionStorage.setItem(popupSeenKey(id), '1');
  } catch {
    // Without storage the popup may show on each home visit; still better than never.
  }
  return true;
}

/** The country's popup (spec: once per visit), opened in the browser only, after the page has hydrated. */
function HomePopup({ popup }: { popup: SitePopup | null }) {
  const dialog = useLazyDialog();
  const popupId = popup?.id;
  const open = dialog.open;
  useEffect(() => {
    if (popupId === undefined) return;
    const timer = window.setTimeout(() => {
      if (takePopupTurn(popupId)) open();
    }, POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [popupId, open]);

  if (!popup) return null;
  return (
    <LazyDialog dialog={dialog}>
      {(opened) => <HomePopupDialog popup={popup} opened={opened} onClose={dialog.close} />}
    </LazyDialog>
  );
}

/**
 * The home page: banners (the first banner's title is the page's h1), the welcome text, and the country's about-us,
 * services, testimonials, team and gallery pictures, each section shown only when it has something to show.
 */
export function HomePage(): JSX.Element {
  const home = useSiteHome();
  const bannerIsHeading = Boolean(home.banners[0]?.title);
  return (
    <>
      <PageBanners banners={home.banners} titleIsPageHeading={bannerIsHeading} />
      <TrustFigures home={home} />
      <div className={`${ui.container} ${ui.section} ${ui.narrow}`}>
        <PageIntro content={home.content} order={bannerIsHeading ? 2 : 1} />
        <PageText body={home.content.body} headingOrder={bannerIsHeading ? 3 : 2} />
      </div>
      {home.aboutUs ? <AboutUs aboutUs={home.aboutUs} /> : null}
      {home.services.length > 0 ? <Services services={home.services} /> : null}
      {home.testimonials.length > 0 ? <Testimonials testimonials={home.testimonials} /> : null}
      {home.team.length > 0 ? <Team team={home.team} /> : null}
      {home.galleryTeaser.length > 0 ? <GalleryTeaser images={home.galleryTeaser} /> : null}
      <EnquiryCallToAction />
      <HomePopup popup={home.popup} />
    </>
  );
}
