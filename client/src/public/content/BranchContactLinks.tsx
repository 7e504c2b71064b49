import { Anchor, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { whatsappLink } from '../../../../shared/fields.js';
import type { SiteBranch } from '../../../../shared/site-content.js';
import ui from '../ui/ui.module.css';
import { mailtoHref, telHref } from './embeds.js';

/** A branch's phone (a call link where it is a number), e-mail and WhatsApp, one per line. */
export function BranchContactLinks({ branch }: { branch: SiteBranch }) {
  const tel = telHref(branch.phone_number);
  return (
    <>
      {tel ? (
        <Anchor href={tel} size="sm">
          <IconPhone size={16} aria-hidden="true" /> {branch.phone_number}
        </Anchor>
      ) : (
        <Text size="sm">{branch.phone_number}</Text>
      )}
      <Anchor href={mailtoHref(branch.email)} size="sm">
        <IconMail size={16} aria-hidden="true" /> {branch.email}
      </Anchor>
      {branch.whatsapp_number ? (
        <Anchor href={whatsappLink(branch.whatsapp_number)} target="_blank" rel="noopener noreferrer" size="sm">
          <IconBrandWhatsapp size={16} aria-hidden="true" /> WhatsApp {branch.whatsapp_number}
          <span className={ui.visuallyHidden}> (opens in a new tab)</span>
        </Anchor>
      ) : null}
    </>
  );
}
