import { useId, type JSX, type ReactNode } from 'react';
import ui from '../ui/ui.module.css';

export interface PageSectionProps {
  title: string;
  /** A line under the title. */
  intro?: string;
  /** `medium` (default) for cards, `narrow` for reading, `form` for a form, `wide` for the full container. */
  width?: 'form' | 'narrow' | 'medium' | 'wide';
  children: ReactNode;
}

const WIDTHS = { form: ui.formWidth, narrow: ui.narrow, medium: ui.medium, wide: '' } as const;

/** A titled part of a page (h2), labelled by its title for landmark navigation. */
export function PageSection({ title, intro, width = 'medium', children }: PageSectionProps): JSX.Element {
  const headingId = useId();
  return (
    <section className={`${ui.container} ${ui.section} ${WIDTHS[width]}`} aria-labelledby={headingId}>
      <h2 className={ui.title2} id={headingId}>
        {title}
      </h2>
      {intro ? <p className={ui.sectionIntro}>{intro}</p> : null}
      <div className={ui.sectionBody}>{children}</div>
    </section>
  );
}
