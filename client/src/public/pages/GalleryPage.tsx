import { useMounted } from '@mantine/hooks';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { lazy, useMemo, useState, type JSX } from 'react';
import type { SiteGalleryImage } from '../../../../shared/site-content.js';
import { useTrpc } from '../../trpc.js';
import classes from '../content/content.module.css';
import { PageSection } from '../content/PageSection.js';
import { VideoEmbed } from '../content/VideoEmbed.js';
import { useCountryId } from '../country.js';
import { LazyDialog, useLazyDialog } from '../layout/lazy-dialog.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import { ContentPage } from './ServicePage.js';
import { galleryImagesQuery, galleryVideosQuery, mergePages, type SitePageProps } from './site-data.js';

const pictureLabel = (image: SiteGalleryImage, index: number) =>
  image.alt ? `Picture ${index + 1}: ${image.alt}` : `Picture ${index + 1}`;

/**
 * "Load more …": the next page of a gallery list, busy while it loads. Off until the page has hydrated, like the
 * forms' submit buttons: a click on the server's HTML before then would do nothing.
 */
function LoadMore({ loading, onClick, children }: { loading: boolean; onClick: () => void; children: string }) {
  const hydrated = useMounted();
  return (
    <div className={classes.loadMore}>
      <button
        type="button"
        className={`${ui.button} ${ui.outline}`}
        disabled={loading || !hydrated}
        aria-busy={loading || undefined}
        onClick={onClick}
      >
        {loading ? <span className={ui.spinner} aria-hidden /> : null}
        {children}
      </button>
    </div>
  );
}

/** The large picture's dialog (Mantine's Modal and its styles): loaded the first time a picture is opened. */
const Lightbox = lazy(() => import('./GalleryLightbox.js'));

function Pictures() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const query = useSuspenseInfiniteQuery(galleryImagesQuery(trpc, countryId));
  const images = useMemo(() => mergePages(query.data.pages), [query.data.pages]);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const lightbox = useLazyDialog();
  const open = (index: number) => {
    setOpenIndex(index);
    lightbox.open();
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    return result.data ? mergePages(result.data.pages).length : images.length;
  };

  if (images.length === 0) return null;
  return (
    <PageSection title="Pictures">
      <div className={`${ui.pictures} ${ui.fourWide}`}>
        {images.map((image, index) => (
          <button
            type="button"
            key={image.id}
            className={`${ui.plainButton} ${classes.thumbnail}`}
            onClick={() => open(index)}
            aria-label={`Open ${pictureLabel(image, index)}`}
            aria-haspopup="dialog"
          >
            <ResponsiveImage
              image={image}
              alt=""
              sizes="(min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw"
              aspectRatio="1 / 1"
              fit="cover"
            />
          </button>
        ))}
      </div>
      <span className={ui.visuallyHidden} aria-live="polite">{`${images.length} pictures shown`}</span>
      {query.hasNextPage ? (
        <LoadMore loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more pictures
        </LoadMore>
      ) : null}
      <LazyDialog dialog={lightbox}>
        {(opened) => (
          <Lightbox
            images={images}
            index={opened ? openIndex : null}
            hasMore={query.hasNextPage}
            onIndexChange={setOpenIndex}
            loadMore={loadMore}
            labelOf={pictureLabel}
            onClose={() => {
              lightbox.close();
              setOpenIndex(null);
            }}
          />
        )}
      </LazyDialog>
    </PageSection>
  );
}

function Videos() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const query = useSuspenseInfiniteQuery(galleryVideosQuery(trpc, countryId));
  const videos = useMemo(() => mergePages(query.data.pages), [query.data.pages]);
  if (videos.length === 0) return null;
  return (
    <PageSection title="Videos">
      <div className={ui.grid2}>
        {videos.map((video) => (
          <figure key={video.id} className={classes.figure}>
            <VideoEmbed url={video.url} title={video.name} />
            {video.name ? <figcaption className={classes.figcaption}>{video.name}</figcaption> : null}
          </figure>
        ))}
      </div>
      <span className={ui.visuallyHidden} aria-live="polite">{`${videos.length} videos shown`}</span>
      {query.hasNextPage ? (
        <LoadMore loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more videos
        </LoadMore>
      ) : null}
    </PageSection>
  );
}

/** The gallery: the page's text, then the country's pictures (with a lightbox) and videos, loaded a page at a time. */
export function GalleryPage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path} callToAction={false}>
      <Pictures />
      <Videos />
    </ContentPage>
  );
}
