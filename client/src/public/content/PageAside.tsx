import { IconArrowRight, IconMail, IconPhone } from '@tabler/icons-react';
import { useMemo, type JSX } from 'react';
import { Link } from 'react-router';
import {
  BOOK_APPOINTMENT_PAGE_NAME,
  ENQUIRY_PAGE_NAME,
  isPageEnabled,
  MENU,
  relatedPages,
  visibleMenu,
} from '../layout/navigation.js';
import { EnquiryButton } from './EnquiryButton.js';
import ui from '../ui/ui.module.css';
import { useSiteLayout } from '../useSiteLayout.js';
import { mailtoHref, telHref } from './embeds.js';
import classes from './content.module.css';

/**
 * Beside an inner page's text (below it on phones): a "Talk to a counsellor" card with the country's phone and email,
 * an enquiry and an appointment, which stays in view while the text scrolls on wide screens; then the other pages of
 * the page's own group (its related services).
 */
export function PageAside({ path }: { path: string }): JSX.Element {
  const { headerContactInfo: contact, enabledPageNames, country } = useSiteLayout();
  const related = useMemo(() => relatedPages(path, visibleMenu(MENU, enabledPageNames)), [path, enabledPageNames]);
  const showEnquiry = isPageEnabled(ENQUIRY_PAGE_NAME, enabledPageNames);
  const showBooking = isPageEnabled(BOOK_APPOINTMENT_PAGE_NAME, enabledPageNames);
  return (
    <aside className={classes.pageAside} aria-label="Talk to a counsellor">
      <div className={classes.counsellorCard}>
        <h2 className={ui.title4}>Talk to a counsellor</h2>
        <p className={`${ui.small} ${ui.muted}`}>
          {`Free first conversation with our ${country.name} team: your options, costs and next steps.`}
        </p>
        {contact ? (
          <ul className={`${ui.plainList} ${classes.counsellorContact}`}>
            <li>
              <a href={telHref(contact.phone_number) ?? undefined}>
                <IconPhone size={18} aria-hidden />
                {contact.phone_number}
              </a>
            </li>
            <li>
              <a href={mailtoHref(contact.email)}>
                <IconMail size={18} aria-hidden />
                {contact.email}
              </a>
            </li>
          </ul>
        ) : null}
        <div className={classes.counsellorActions}>
          {showEnquiry ? <EnquiryButton /> : null}
          {showBooking ? (
            <Link to="/book-an-appointment" className={`${ui.button} ${ui.accent}`}>
              Book an Appointment
            </Link>
          ) : null}
        </div>
      </div>
      {related.length > 0 ? (
        <nav aria-labelledby="related-heading" className={classes.related}>
          <h2 className={ui.title4} id="related-heading">
            Related services
          </h2>
          <ul className={ui.plainList}>
            {related.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className={classes.relatedLink}>
                  {page.label}
                  <IconArrowRight size={16} aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </aside>
  );
}
