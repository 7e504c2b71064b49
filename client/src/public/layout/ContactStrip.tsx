import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { mailtoHref, telHref } from '../content/embeds.js';
import classes from './layout.module.css';
import { MoreSites } from './MoreSites.js';
import type { SiteLayoutData } from './layout-types.js';

/** The contact strip (spec §2): the country's header email, phone, address, its flag and "More Sites". */
export function ContactStrip({ layout }: { layout: SiteLayoutData }) {
  const { headerContactInfo: contact, country, countries } = layout;
  return (
    <Box className={classes.contactStrip} data-testid="contact-strip">
      <Container size="xl">
        <Group justify="space-between" gap="xs" wrap="wrap" py={6}>
          <Group gap="md" wrap="wrap" component="address" className={classes.contactDetails}>
            {contact ? (
              <>
                <Anchor c="white" size="sm" href={mailtoHref(contact.email)} className={classes.contactItem}>
                  <IconMail size={16} aria-hidden />
                  {contact.email}
                </Anchor>
                <Anchor
                  c="white"
                  size="sm"
                  href={telHref(contact.phone_number) ?? undefined}
                  className={classes.contactItem}
                >
                  <IconPhone size={16} aria-hidden />
                  {contact.phone_number}
                </Anchor>
                <Text size="sm" className={classes.contactItem}>
                  <IconMapPin size={16} aria-hidden />
                  {contact.address}
                </Text>
              </>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {country.flag_url ? (
              <img src={country.flag_url} alt="" width={24} height={16} className={classes.flag} />
            ) : null}
            <Text size="sm" fw={600} data-testid="current-country">
              {country.name}
            </Text>
            <MoreSites countries={countries} current={country} />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
