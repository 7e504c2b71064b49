import { Anchor, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { whatsappLink, whatsappNumber } from '../../../../../shared/fields.js';
import { useQuery } from '@tanstack/react-query';
import { useTrpc } from '../../../trpc.js';
import { formatWhen } from '../../ui/list-cells.js';
import { QueryState } from '../../ui/QueryState.js';
import { History, LeadActions, Notes, WaitingForReply } from './lead-work.js';
import { LeadCameFrom } from './LeadCameFrom.js';
import { LeadEligibility } from './LeadEligibility.js';
import { LeadAppointment } from './LeadAppointment.js';
import { LeadReplies } from './LeadReplies.js';
import {
  FactsTable,
  KindBadge,
  LeadSection,
  leadName,
  placeOf,
  StatusBadge,
  type AssignableStaff,
  type LeadDetail,
} from './lead-parts.js';

/** A lead in full: who sent what, the actions (status, assignee, follow-up day, notes) and its history. */
export function EnquiryDrawer({
  leadId,
  staff,
  onClose,
}: {
  leadId: number;
  staff: AssignableStaff[] | undefined;
  onClose: () => void;
}) {
  const trpc = useTrpc();
  const narrow = useMediaQuery('(max-width: 48em)');
  const lead = useQuery({
    ...trpc.leads.get.queryOptions({ id: leadId }),
    // Opened again, the lead shows what came meanwhile (a visitor's answer by mail, a colleague's note), not what
    // it showed up to a minute ago.
    staleTime: 0,
    // A reply waits for the mail job (seconds): asked again until it is sent, kept or given up.
    refetchInterval: (query) => (query.state.data?.replies.some((reply) => reply.status === 'QUEUED') ? 2000 : false),
  });
  return (
    // From its parts, like AdminModal: the header is a plain div, not a second page banner.
    <Drawer.Root opened onClose={onClose} position="right" size={narrow ? '100%' : 720}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title fw={700} fz="lg">
            {lead.data ? leadName(lead.data) : 'Enquiry'}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close the enquiry" />
        </Drawer.Header>
        <Drawer.Body>
          {lead.isSuccess ? (
            <LeadBody lead={lead.data} staff={staff} />
          ) : (
            <QueryState query={lead} what="the enquiry" />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function LeadBody({ lead, staff }: { lead: LeadDetail; staff: AssignableStaff[] | undefined }) {
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <KindBadge kind={lead.kind} />
        <StatusBadge status={lead.status} />
        <Text size="sm" c="dimmed">
          {placeOf(lead)} · received {formatWhen(lead.created_at)}
        </Text>
      </Group>
      {/* Once anonymised there is no one to write to or call. */}
      {lead.email_address ? (
        <Group gap="lg">
          <ContactLink href={`mailto:${lead.email_address}`} Icon={IconMail} text={lead.email_address} />
          <ContactLink
            href={`tel:${lead.phone_number.replace(/[^\d+]/g, '')}`}
            Icon={IconPhone}
            text={lead.phone_number}
          />
          {/* Many visitors answer WhatsApp sooner than mail; its link needs the number with its country code. */}
          {whatsappNumber.safeParse(lead.phone_number).success ? (
            <ContactLink
              href={whatsappLink(lead.phone_number)}
              Icon={IconBrandWhatsapp}
              text="WhatsApp"
              label={`WhatsApp ${lead.phone_number} (opens in a new tab)`}
              newTab
            />
          ) : null}
        </Group>
      ) : null}
      <WaitingForReply lead={lead} />
      <LeadActions lead={lead} staff={staff} />
      <LeadAppointment lead={lead} />
      <LeadReplies lead={lead} />
      <LeadSection title="What was sent">
        {lead.submission ? (
          <FactsTable variant="vertical" labelWidth={160} facts={lead.submission} />
        ) : (
          <Text c="dimmed">The submission is no longer stored.</Text>
        )}
      </LeadSection>
      {lead.eligibility ? <LeadEligibility eligibility={lead.eligibility} /> : null}
      <LeadCameFrom source={lead.came_from} />
      <Notes lead={lead} />
      <History lead={lead} />
    </Stack>
  );
}

function ContactLink({
  href,
  Icon,
  text,
  label,
  newTab = false,
}: {
  href: string;
  Icon: typeof IconMail;
  text: string;
  /** A name saying more than the text, starting with it (voice control users say what they see). */
  label?: string;
  newTab?: boolean;
}) {
  return (
    <Anchor
      href={href}
      size="sm"
      aria-label={label}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Group gap={6} wrap="nowrap">
        <Icon size={16} aria-hidden />
        {text}
      </Group>
    </Anchor>
  );
}
