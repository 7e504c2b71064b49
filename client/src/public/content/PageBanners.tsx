import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useId, useRef, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { SiteBanner } from '../../../../shared/site-content.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import { EnquiryButton } from './EnquiryButton.js';
import ui from '../ui/ui.module.css';
import classes from './content.module.css';
import { safeLinkOf } from './embeds.js';
import { ENQUIRY_PAGE_NAME, isPageEnabled } from '../layout/navigation.js';
import { useSiteLayout } from '../useSiteLayout.js';

export interface PageBannersProps {
  banners: SiteBanner[];
  /**
   * Whether the first banner's title is the page's h1. Only for a page without a heading of its own (the home page
   * with banners); elsewhere banner titles are prominent text, so the page's outline starts with its own h1.
   */
  titleIsPageHeading?: boolean;
}

function BannerButton({ banner }: { banner: SiteBanner }) {
  const link = safeLinkOf(banner.button_url);
  if (!link || !banner.button_name) return null;
  const className = `${ui.button} ${ui.accent} ${ui.large}`;
  return link.kind === 'internal' ? (
    <Link to={link.to} className={className}>
      {banner.button_name}
    </Link>
  ) : (
    <a href={link.href} className={className}>
      {banner.button_name}
    </a>
  );
}

/**
 * One banner as a hero: the promise (title and description) and two calls to action (the banner's own button and an
 * enquiry) beside the picture on wide screens, above it on phones. Text and picture never overlap, and the picture
 * keeps its box (aspect ratio) while it loads, so nothing moves.
 */
function Banner({ banner, index, asHeading }: { banner: SiteBanner; index: number; asHeading: boolean }) {
  const TitleTag = asHeading ? 'h1' : 'p';
  const showEnquiry = isPageEnabled(ENQUIRY_PAGE_NAME, useSiteLayout().enabledPageNames);
  return (
    <div className={`${ui.container} ${classes.heroInner}`}>
      <div className={classes.heroText}>
        {banner.title ? <TitleTag className={classes.heroTitle}>{banner.title}</TitleTag> : null}
        {banner.description ? <p className={classes.heroDescription}>{banner.description}</p> : null}
        <div className={classes.heroActions}>
          <BannerButton banner={banner} />
          {showEnquiry ? <EnquiryButton className={`${ui.button} ${ui.ghost} ${ui.large}`} /> : null}
        </div>
      </div>
      <div className={classes.heroMedia}>
        <ResponsiveImage
          image={banner.image}
          // The title is shown as text next to the picture, so the picture itself adds nothing to read out.
          alt=""
          sizes="(min-width: 62em) 560px, (min-width: 48em) 45vw, 100vw"
          priority={index === 0}
          aspectRatio="4 / 3"
          fit="cover"
          radius="lg"
          className={classes.heroImage}
        />
      </div>
    </div>
  );
}

/**
 * A page's banners: one is a hero; several are a carousel that scrolls with CSS scroll-snap (swipe, trackpad or
 * the previous/next buttons). It never moves on its own, so nothing changes under a reader's eyes.
 */
export function PageBanners({ banners, titleIsPageHeading = false }: PageBannersProps): JSX.Element | null {
  const trackId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  const onScroll = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  }, []);

  const show = (index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const target = Math.max(0, Math.min(banners.length - 1, index));
    track.scrollTo({ left: target * track.clientWidth });
    setCurrent(target);
  };

  if (banners.length === 0) return null;
  if (banners.length === 1) {
    return (
      <section className={classes.banners} aria-label="Highlights">
        <div className={classes.slide}>
          <Banner banner={banners[0]!} index={0} asHeading={titleIsPageHeading} />
        </div>
      </section>
    );
  }

  return (
    <section className={classes.banners} aria-roledescription="carousel" aria-label="Highlights">
      <div id={trackId} ref={trackRef} className={classes.track} onScroll={onScroll}>
        {banners.map((banner, index) => (
          <div
            key={banner.id}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${banners.length}`}
          >
            <Banner banner={banner} index={index} asHeading={titleIsPageHeading && index === 0} />
          </div>
        ))}
      </div>
      <div className={classes.carouselControls}>
        <button
          type="button"
          className={classes.slideButton}
          aria-label="Previous slide"
          aria-controls={trackId}
          disabled={current === 0}
          onClick={() => show(current - 1)}
        >
          <IconChevronLeft aria-hidden="true" />
        </button>
        <p className={ui.small} aria-live="polite">
          {`Slide ${current + 1} of ${banners.length}`}
        </p>
        <button
          type="button"
          className={classes.slideButton}
          aria-label="Next slide"
          aria-controls={trackId}
          disabled={current === banners.length - 1}
          onClick={() => show(current + 1)}
        >
          <IconChevronRight aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
