import { useQuery } from '@tanstack/react-query';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { PREVIEW_EXPIRED } from '../../../shared/post-address.js';
import { useTrpc } from '../trpc.js';
import { useCountryId } from './country.js';
import { siteStartOf } from './layout/navigation.js';
import ui from './ui/ui.module.css';

export function NotFoundPage() {
  return <ErrorMessage title="Page not found" text="The page you are looking for does not exist or has moved." />;
}

/** Shown instead of the page when loading it failed; never shows technical details. */
export function PublicErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A post's preview link that no longer works (registry's previewExpired) says so and what to do.
    if (error.data === PREVIEW_EXPIRED) return <ErrorMessage title="Preview not available" text={PREVIEW_EXPIRED} />;
    return <NotFoundPage />;
  }
  return <ErrorMessage title="Something went wrong" text="Please try again in a moment." />;
}

function ErrorMessage({ title, text }: { title: string; text: string }) {
  const start = useSiteStart();
  return (
    <div className={`${ui.container} ${ui.formWidth} ${ui.message}`}>
      <h1 className={ui.title1}>{title}</h1>
      <p className={ui.muted}>{text}</p>
      {start ? (
        <Link to={start.path} className={ui.button}>
          {start.path === '/' ? 'Go to the home page' : `Go to ${start.name}`}
        </Link>
      ) : (
        <p>Choose another country&rsquo;s site with &ldquo;More Sites&rdquo; at the top of the page.</p>
      )}
    </div>
  );
}

/**
 * The country site's first page, from the layout when it has loaded (an error page can also stand in for the
 * layout itself, when it failed: then the home page).
 */
function useSiteStart() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const layout = useQuery({ ...trpc.site.layout.queryOptions({ countryId }), enabled: false }).data;
  return layout ? siteStartOf(layout.enabledPageNames) : { path: '/', name: 'Home' };
}
