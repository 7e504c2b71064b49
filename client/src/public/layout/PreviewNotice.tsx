import type { ReactNode } from 'react';
import classes from './layout.module.css';

/** Above a page opened through a staff member's preview link: says that visitors do not see this (yet). */
export function PreviewNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={classes.previewNotice}>
      {children}
    </p>
  );
}
