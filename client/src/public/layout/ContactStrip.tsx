import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { mailtoHref, mapSearchHref, telHref } from '../content/embeds.js';
import ui from '../ui/ui.module.css';
import classes from './layout.module.css';
import { MoreSites } from './MoreSites.js';
import type { SiteLayoutData } from './layout-types.js';

/** The contact strip (spec §2): the country's header email, phone, address, its flag and "More Sites". */
export function ContactStrip({ layout }: { layout: SiteLayoutData }) {
  const { headerContactInfo: contact, country } = layout;
  return (
    <div className={classes.contactStrip} data-testid="contact-strip">
      <div className={`${ui.container} ${classes.contactRow}`}>
        <address className={classes.contactDetails}>
          {contact ? (
            <>
              <a href={mailtoHref(contact.email)} className={classes.contactItem}>
                <IconMail size={16} aria-hidden />
                <span className={classes.contactText}>{contact.email}</span>
              </a>
              <a href={telHref(contact.phone_number) ?? undefined} className={classes.contactItem}>
                <IconPhone size={16} aria-hidden />
                <span className={classes.contactText}>{contact.phone_number}</span>
              </a>
              {/* On a phone the address is an icon: it opens the place in a map (where a visitor wants it). */}
              <a
                href={mapSearchHref(contact.address)}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.contactItem}
              >
                <IconMapPin size={16} aria-hidden />
                <span className={classes.contactText}>
                  {contact.address}
                  <span className={ui.visuallyHidden}> (map, opens in a new tab)</span>
                </span>
              </a>
            </>
          ) : null}
        </address>
        <div className={classes.siteChoice}>
          {country.flag_url ? (
            <img src={country.flag_url} alt="" width={24} height={16} className={classes.flag} />
          ) : null}
          <span className={classes.currentCountry} data-testid="current-country">
            {country.name}
          </span>
          <MoreSites current={country} />
        </div>
      </div>
    </div>
  );
}
