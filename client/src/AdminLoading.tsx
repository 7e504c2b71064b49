import ui from './public/ui/ui.module.css';

/** Shown while the admin chunk loads and the session is checked (kept out of the admin chunk on purpose). */
export function AdminLoading() {
  return (
    <div className={ui.fullScreenCentre}>
      <span className={ui.spinner} role="status" aria-label="Loading the staff area" />
    </div>
  );
}
