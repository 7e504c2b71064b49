import { IconChevronDown } from '@tabler/icons-react';
import { useId, type JSX } from 'react';
import type { SiteFaq } from '../../../../shared/site-content.js';
import ui from '../ui/ui.module.css';
import classes from './content.module.css';

/**
 * A page's questions and answers as an accordion. Native `<details>`: it opens and closes before any script runs,
 * with the keyboard, and a screen reader announces each question as a collapsed or expanded button.
 */
export function PageFaqs({ faqs }: { faqs: SiteFaq[] }): JSX.Element | null {
  const headingId = useId();
  if (faqs.length === 0) return null;
  return (
    <section className={classes.faqs} aria-labelledby={headingId}>
      <h2 className={ui.title3} id={headingId}>
        Frequently asked questions
      </h2>
      {faqs.map((faq) => (
        <details key={faq.question} className={classes.faq}>
          <summary className={classes.faqQuestion}>
            <span>{faq.question}</span>
            <IconChevronDown size={20} aria-hidden className={classes.faqChevron} />
          </summary>
          <div className={classes.faqAnswer}>
            {faq.answer.split(/\n\s*\n/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </section>
  );
}
