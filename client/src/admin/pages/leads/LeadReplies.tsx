import { Anchor, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMailForward, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../../../shared/brand.js';
import {
  LEAD_KIND_NAMES,
  LEAD_REPLY_MAX,
  LEAD_REPLY_SUBJECT_MAX,
  replyToEnquiryInput,
} from '../../../../../shared/leads.js';
import { fillPlaceholders } from '../../../../../shared/reply-template.schema.js';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { newUuid } from '../../../uuid.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { formatWhen, StatusDot, WRITTEN } from '../../ui/list-cells.js';
import { useAdminForm } from '../../ui/use-admin-form.js';
import { useLeaveWarning } from '../../ui/use-leave-warning.js';
import { MAIL_STATUS_DOTS } from '../mail-statuses.js';
import { LeadSection, useLeadsChanged, type LeadDetail } from './lead-parts.js';

/**
 * Replies to the visitor by e-mail, written in the lead (decision 046): the ones sent, with where each mail is, and
 * a form for the next. A reply being written outlives closing the panel (kept per lead until sent or discarded).
 */
export function LeadReplies({ lead }: { lead: LeadDetail }) {
  const [writing, setWriting] = useState(() => drafts.has(lead.id));
  // Once anonymised there is no one to write to.
  const reachable = lead.email_address !== '';
  return (
    <LeadSection title="Replies">
      <Stack gap="sm">
        {lead.replies.length === 0 && lead.answers.length === 0 && !writing ? (
          <Text c="dimmed">
            {!reachable
              ? 'No reply was sent.'
              : lead.answers_come_back
                ? 'No reply yet. A reply goes to the visitor by e-mail; their answer comes back here and to your own address.'
                : 'No reply yet. A reply goes to the visitor by e-mail; their answer comes to your own address.'}
          </Text>
        ) : null}
        {conversation(lead).map(({ key, ...mail }) => (
          <MailCard key={key} {...mail} />
        ))}
        {writing ? (
          <ReplyForm lead={lead} onDone={() => setWriting(false)} />
        ) : reachable ? (
          <Group>
            <Button
              variant="light"
              leftSection={<IconMailForward size={16} aria-hidden />}
              onClick={() => setWriting(true)}
            >
              Write a reply
            </Button>
          </Group>
        ) : null}
      </Stack>
    </LeadSection>
  );
}

interface ConversationMail {
  key: string;
  at: string;
  subject: string;
  text: string;
  /** Who wrote it, when, and where answers go. */
  about: string;
  status?: ReactNode;
  fromVisitor: boolean;
}

/** Where a reply's answers go, in words: its writer, and back into the lead when the site's address is named too. */
function answersGoTo(replyTo: string): string {
  const [writer, ...more] = replyTo.split(/\s*,\s*/);
  return more.length > 0 ? `answers go to ${writer} and come back here` : `answers go to ${writer}`;
}

/**
 * The replies sent and the visitor's answers (decision 053), in the order they were written; a counsellor's "Reply
 * all" from their own mail program (decision 055) stands with the replies.
 */
function conversation(lead: LeadDetail): ConversationMail[] {
  const sent = lead.replies.map((reply) => ({
    key: `reply-${reply.id}`,
    at: reply.created_at,
    subject: reply.subject,
    text: reply.text_body,
    about: `${formatWhen(reply.created_at)}${reply.reply_to ? ` · ${answersGoTo(reply.reply_to)}` : ''}`,
    status: <StatusDot statuses={MAIL_STATUS_DOTS} status={reply.status} />,
    fromVisitor: false,
  }));
  const answered = lead.answers.map((answer) => ({
    key: `answer-${answer.id}`,
    at: answer.received_at,
    subject: answer.subject || '(no subject)',
    text: answer.text,
    about: answer.by_staff
      ? `Sent by ${answer.from_address} from their mail program · ${formatWhen(answer.received_at)}`
      : `Answer from ${answer.from_address || 'the visitor'} · ${formatWhen(answer.received_at)}`,
    fromVisitor: !answer.by_staff,
  }));
  return [...sent, ...answered].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

function MailCard({ subject, text, about, status, fromVisitor }: Omit<ConversationMail, 'key'>) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      // The visitor's words stand apart from the office's, as in a mail program's thread.
      bg={fromVisitor ? 'var(--mantine-color-blue-light)' : undefined}
      ml={fromVisitor ? 0 : 'lg'}
      mr={fromVisitor ? 'lg' : 0}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} style={WRITTEN}>
          {subject}
        </Text>
        {status}
      </Group>
      <Text size="xs" c="dimmed" mb={6}>
        {about}
      </Text>
      <LongText text={text} />
    </Paper>
  );
}

/**
 * A mail's text, its first three lines until asked for the rest. (Mantine's Spoiler marks each text an unnamed
 * region, and a conversation of several would repeat that landmark.)
 */
function LongText({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const long = text.length > 240 || text.split('\n').length > 3;
  return (
    <>
      <Text size="sm" style={WRITTEN} lineClamp={whole || !long ? undefined : 3}>
        {text}
      </Text>
      {long ? (
        <Anchor component="button" type="button" size="sm" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole ? 'Show less' : 'Show all of it'}
        </Anchor>
      ) : null}
    </>
  );
}

type ReplyTemplate = ApiOutputs['replyTemplate']['get'][number];

/** The lead's country's reply templates to start from, or where to add one when it has none. */
function TemplateChoice({ lead, onChoose }: { lead: LeadDetail; onChoose: (template: ReplyTemplate) => void }) {
  const trpc = useTrpc();
  const templates = useQuery(trpc.replyTemplate.get.queryOptions({ country_id: lead.country.id }));
  if (!templates.isSuccess) return null;
  const manage = (words: string) => (
    <Anchor component={Link} to={`/admin/reply-templates?country=${lead.country.id}`} size="sm" underline="always">
      {words}
    </Anchor>
  );
  if (templates.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {lead.country.name} has no reply templates yet: {manage('add the answers you give often')}.
      </Text>
    );
  }
  return (
    <Select
      label="Start from a template"
      description={manage(`Add or change ${lead.country.name}'s templates`)}
      placeholder="Choose a template"
      data={templates.data.map((template) => ({ value: String(template.id), label: template.name }))}
      value={null}
      searchable
      onChange={(value) => {
        const template = templates.data.find((candidate) => String(candidate.id) === value);
        if (template) onChoose(template);
      }}
    />
  );
}

/** What a reply says (a type, not an interface: the form takes it as its values). */
type Words = { subject: string; text: string };

/** Replies being written, per lead, with their keys, for as long as the tab is open. */
const drafts = new Map<number, Words & { key: string }>();

/** What a new reply starts with. */
const startingWords = (lead: LeadDetail): Words => ({
  subject: `About your ${LEAD_KIND_NAMES[lead.kind]} to ${PRODUCT_NAME}`,
  text: lead.first_name ? `Dear ${lead.first_name},\n\n` : 'Hello,\n\n',
});

function ReplyForm({ lead, onDone }: { lead: LeadDetail; onDone: () => void }) {
  const trpc = useTrpc();
  const changed = useLeadsChanged();
  // The key is chosen once per reply: sent again (a retry), it is the same mail.
  const [kept] = useState(() => drafts.get(lead.id));
  const [key] = useState(() => kept?.key ?? newUuid());
  const { form, saveFeedback } = useAdminForm<Words>(
    replyToEnquiryInput,
    kept ? { subject: kept.subject, text: kept.text } : startingWords(lead),
    (values) => ({ enquiry_id: lead.id, key, ...values }),
  );
  const [discarding, setDiscarding] = useState(false);
  const [replacing, setReplacing] = useState<Words | null>(null);
  const start = startingWords(lead);
  const edited = form.values.subject !== start.subject || form.values.text !== start.text;
  useLeaveWarning(edited);
  useEffect(() => {
    if (edited) drafts.set(lead.id, { key, ...form.values });
  }, [edited, key, lead.id, form.values]);
  const message = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // Ready to write: the caret after the greeting (or after what a kept draft holds).
    const element = message.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const close = () => {
    drafts.delete(lead.id);
    onDone();
  };
  const send = useMutation(
    trpc.leads.reply.mutationOptions(
      saveFeedback(
        false,
        async () => {
          close();
          await changed();
        },
        `Your reply to ${lead.email_address} is on its way`,
      ),
    ),
  );
  return (
    <form
      noValidate
      aria-label="Reply"
      onSubmit={form.onSubmit((values) => send.mutate({ enquiry_id: lead.id, key, ...values }))}
    >
      <Stack gap="xs">
        <TemplateChoice
          lead={lead}
          onChoose={(template) => {
            const filled = {
              subject: fillPlaceholders(template.subject, lead),
              text: fillPlaceholders(template.body, lead),
            };
            if (edited) setReplacing(filled);
            else form.setValues(filled);
          }}
        />
        <TextInput label="To" value={lead.email_address} readOnly variant="filled" />
        <TextInput
          label="Subject"
          name="subject"
          required
          maxLength={LEAD_REPLY_SUBJECT_MAX}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          description="Your name is added below it, then their own message, quoted. Their answer comes to your address."
          required
          autosize
          minRows={6}
          maxLength={LEAD_REPLY_MAX}
          {...form.getInputProps('text')}
          ref={message}
          name="message"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => (edited ? setDiscarding(true) : close())}>
            Discard
          </Button>
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            Send reply
          </Button>
        </Group>
      </Stack>
      {replacing ? (
        <ConfirmModal
          title="Replace what you wrote?"
          confirmLabel="Use the template"
          cancelLabel="Keep mine"
          color="brand"
          onClose={() => setReplacing(null)}
          onConfirm={() => {
            form.setValues(replacing);
            setReplacing(null);
          }}
        >
          <Text>The template's subject and message take the place of yours.</Text>
        </ConfirmModal>
      ) : null}
      {discarding ? (
        <ConfirmModal
          title="Discard this reply?"
          confirmLabel="Discard"
          cancelLabel="Keep writing"
          onClose={() => setDiscarding(false)}
          onConfirm={close}
        >
          <Text>What you wrote is not sent and cannot be brought back.</Text>
        </ConfirmModal>
      ) : null}
    </form>
  );
}
