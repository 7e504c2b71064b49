import { useId, type JSX } from 'react';
import { EnquiryButton } from './EnquiryButton.js';
import ui from '../ui/ui.module.css';
import classes from './content.module.css';

export interface EnquiryCallToActionProps {
  heading?: string;
  text?: string;
}

/** A closing section inviting an enquiry; the button opens the layout's enquiry form (a dialog, so a button). */
export function EnquiryCallToAction({
  heading = 'Have a question?',
  text = 'Tell us about your plans and a counsellor from your nearest branch will get back to you.',
}: EnquiryCallToActionProps): JSX.Element {
  const headingId = useId();
  return (
    <section className={classes.callToAction} aria-labelledby={headingId}>
      <div className={`${ui.container} ${ui.section} ${ui.narrow}`}>
        <h2 className={ui.title2} id={headingId}>
          {heading}
        </h2>
        <p className={classes.callToActionText}>{text}</p>
        <EnquiryButton className={`${ui.button} ${ui.large}`} />
      </div>
    </section>
  );
}
