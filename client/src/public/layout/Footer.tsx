import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/brand.js';
import { mailtoHref, telHref } from '../content/embeds.js';
import { EnquiryButton } from '../content/EnquiryButton.js';
import ui from '../ui/ui.module.css';
import { FOOTER_QUICK_LINKS, isPageEnabled } from './navigation.js';
import type { SiteLayoutData } from './layout-types.js';
import classes from './layout.module.css';

/** What visitors agree to when they send a form. */
const LEGAL_LINKS = [
  { label: 'Privacy Policy', path: '/privacy-policy' },
  { label: 'Terms', path: '/terms' },
] as const;

/**
 * The footer (spec §2): blurb, Quick Links, the country's contact details, newsletter sign-up (or, without a
 * provider, an invitation to enquire), the country's social media, the copyright line with the migration agent
 * registration numbers, and the Code of Conduct. The newsletter form is a plain HTML form that
 * posts to the configured mailing-list provider: no third-party script is loaded.
 */
export function Footer({ layout }: { layout: SiteLayoutData }) {
  const { settings, socialLinks, enabledPageNames, headerContactInfo: contact } = layout;
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <div className={`${ui.container} ${classes.footerInner}`}>
        <div className={classes.footerColumns}>
          <div className={classes.footerColumn}>
            <h2 className={classes.footerHeading}>{PRODUCT_NAME}</h2>
            <p>
              Education and migration consultants helping students and families study, work and settle in Australia,
              Canada and the UK: course and university advice, IELTS and PTE classes, visas and migration, and career
              counselling.
            </p>
            {socialLinks.length > 0 ? (
              <ul className={`${ui.plainList} ${classes.socialLinks}`} aria-label="Social media">
                {socialLinks.map((link) => (
                  <li key={link.id}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer" className={classes.socialLink}>
                      <img src={link.image.url} alt="" width={32} height={32} loading="lazy" />
                      <span className={ui.visuallyHidden}>{`${link.label} (opens in a new tab)`}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <nav aria-labelledby="quick-links-heading" className={classes.footerColumn}>
            <h2 className={classes.footerHeading} id="quick-links-heading">
              Quick Links
            </h2>
            <ul className={`${ui.plainList} ${classes.footerLinks}`}>
              {FOOTER_QUICK_LINKS.filter((link) => isPageEnabled(link.label, enabledPageNames)).map((link) => (
                <li key={link.path}>
                  <Link to={link.path}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          {contact ? (
            <div className={classes.footerColumn}>
              <h2 className={classes.footerHeading}>Contact</h2>
              <address className={classes.footerContact}>
                <a href={mailtoHref(contact.email)} className={classes.footerContactItem}>
                  <IconMail size={18} aria-hidden />
                  {contact.email}
                </a>
                <a href={telHref(contact.phone_number) ?? undefined} className={classes.footerContactItem}>
                  <IconPhone size={18} aria-hidden />
                  {contact.phone_number}
                </a>
                <span className={classes.footerContactItem}>
                  <IconMapPin size={18} aria-hidden />
                  {contact.address}
                </span>
              </address>
            </div>
          ) : null}
          {settings.newsletterFormUrl ? (
            <div className={classes.footerColumn}>
              <h2 className={classes.footerHeading}>Newsletter</h2>
              <p>News about intakes, scholarships and visa changes, about once a month.</p>
              <form action={settings.newsletterFormUrl} method="post" target="_blank" className={classes.newsletter}>
                <label htmlFor="newsletter-email" className={classes.newsletterLabel}>
                  Email address <span aria-hidden>*</span>
                </label>
                <input
                  id="newsletter-email"
                  type="email"
                  name="EMAIL"
                  required
                  autoComplete="email"
                  className={classes.newsletterInput}
                />
                <button type="submit" className={`${ui.button} ${ui.white}`}>
                  Subscribe
                </button>
              </form>
            </div>
          ) : (
            // Without a newsletter provider, the column invites a conversation instead of standing empty.
            <div className={classes.footerColumn}>
              <h2 className={classes.footerHeading}>Talk to a counsellor</h2>
              <p>Tell us about your plans: a counsellor from your nearest branch will get back to you.</p>
              <p className={classes.footerActions}>
                <EnquiryButton className={`${ui.button} ${ui.accent}`} />
              </p>
            </div>
          )}
        </div>
        <div className={classes.footerBottom}>
          <p>
            © {year} {PRODUCT_NAME}. All rights reserved.
            {settings.registrationNumbers ? ` Registered migration agents: ${settings.registrationNumbers}.` : ''}
          </p>
          <p className={classes.footerLegal}>
            <a href={settings.codeOfConductUrl} target="_blank" rel="noopener noreferrer">
              Code of Conduct (opens in a new tab)
            </a>
            {LEGAL_LINKS.filter((link) => isPageEnabled(link.label, enabledPageNames)).map((link) => (
              <Link key={link.path} to={link.path}>
                {link.label}
              </Link>
            ))}
          </p>
          <p className={classes.footerSmall}>
            Country of visitors estimated with IP data by the{' '}
            <a href="https://www.nro.net/" target="_blank" rel="noopener noreferrer">
              NRO
            </a>{' '}
            (CC BY 4.0).
          </p>
        </div>
      </div>
    </footer>
  );
}
