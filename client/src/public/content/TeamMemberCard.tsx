import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import type { JSX } from 'react';
import type { SiteTeamMember } from '../../../../shared/site-content.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
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
  return (
    <Card withBorder padding="lg" radius="md" component="article" h="100%">
      <Card.Section>
        <ResponsiveImage
          image={member.image}
          // The name is right below: the portrait adds nothing to read out.
          alt=""
          sizes="(min-width: 62em) 25vw, (min-width: 48em) 33vw, 100vw"
          aspectRatio="1 / 1"
          fit="cover"
        />
      </Card.Section>
      <Stack gap={4} mt="md">
        <Title order={headingOrder} size="h4">
          {member.name}
        </Title>
        <Text c="gray.7" size="sm">
          {member.position}
        </Text>
      </Stack>
      {detailed ? (
        <>
          {member.description ? (
            <Text mt="sm" size="sm">
              {member.description}
            </Text>
          ) : null}
          {member.certifications.length > 0 ? (
            <ul className={classes.plainList} aria-label={`Registrations of ${member.name}`}>
              {member.certifications.map((certification) => (
                <Text component="li" size="sm" fw={600} mt={6} key={certification.certificate_name}>
                  {`${certification.certificate_name} ${certification.certificate_code}`}
                </Text>
              ))}
            </ul>
          ) : null}
          {member.email || whatsapp ? (
            <Group gap="md" mt="md">
              {member.email ? (
                <Anchor href={mailtoHref(member.email)} size="sm">
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconMail size={18} aria-hidden="true" />
                    {member.email}
                  </Group>
                </Anchor>
              ) : null}
              {whatsapp ? (
                <Anchor href={whatsapp} size="sm" aria-label={`Chat with ${member.name} on WhatsApp`}>
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconBrandWhatsapp size={18} aria-hidden="true" />
                    WhatsApp
                  </Group>
                </Anchor>
              ) : null}
            </Group>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
