import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import ui from './ui/ui.module.css';

export function NotFoundPage() {
  return <ErrorMessage title="Page not found" text="The page you are looking for does not exist or has moved." />;
}

/** Shown instead of the page when loading it failed; never shows technical details. */
export function PublicErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorMessage title="Something went wrong" text="Please try again in a moment." />;
}

function ErrorMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className={`${ui.container} ${ui.formWidth} ${ui.message}`}>
      <h1 className={ui.title1}>{title}</h1>
      <p className={ui.muted}>{text}</p>
      <Link to="/" className={ui.button}>
        Go to the home page
      </Link>
    </div>
  );
}
