import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import type { JSX } from 'react';
import type { SiteTeamMember } from '../../../../shared/site-content.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './content.module.css';
import { mailtoHref, whatsappHref } from './embeds.js';

export interface TeamMemberCardProps {
  member: SiteTeamMember;
  /** The full card (About Us) or picture, name and position only (the home page). */
  detailed?: boolean;
  headingOrder?: 2 | 3;
}

/** One team member: portrait, name, position and, in detail, their story, contacts and registrations. */
export function TeamMemberCard({ member, detailed = false, headingOrder = 3 }: TeamMemberCardProps): JSX.Element {
  const whatsapp = member.whatsapp ? whatsappHref(member.whatsapp) : null;
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <article className={ui.card}>
      <ResponsiveImage
        image={member.image}
        // The name is right below: the portrait adds nothing to read out.
        alt=""
        sizes="(min-width: 62em) 25vw, (min-width: 48em) 33vw, 100vw"
        aspectRatio="1 / 1"
        fit="cover"
      />
      <div className={ui.cardBody}>
        <Heading className={ui.title4}>{member.name}</Heading>
        <p className={`${ui.small} ${ui.muted} ${classes.position}`}>{member.position}</p>
        {detailed ? (
          <>
            {member.description ? <p className={`${ui.small} ${classes.memberStory}`}>{member.description}</p> : null}
            {member.certifications.length > 0 ? (
              <ul className={`${ui.plainList} ${classes.registrations}`} aria-label={`Registrations of ${member.name}`}>
                {member.certifications.map((certification) => (
                  <li key={certification.certificate_name}>
                    {`${certification.certificate_name} ${certification.certificate_code}`}
                  </li>
                ))}
              </ul>
            ) : null}
            {member.email || whatsapp ? (
              <p className={classes.memberContacts}>
                {member.email ? (
                  <a href={mailtoHref(member.email)} className={classes.iconLink}>
                    <IconMail size={18} aria-hidden="true" />
                    {member.email}
                  </a>
                ) : null}
                {whatsapp ? (
                  <a href={whatsapp} className={classes.iconLink} aria-label={`Chat with ${member.name} on WhatsApp`}>
                    <IconBrandWhatsapp size={18} aria-hidden="true" />
                    WhatsApp
                  </a>
                ) : null}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </article>
  );
}
