import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type JSX } from 'react';
import { ELIGIBILITY_TOOL_LABELS, type EligibilityTool } from '../../../../shared/eligibility/result.js';
import { openingHoursLines } from '../../../../shared/opening-hours.js';
import type { SiteBranch } from '../../../../shared/site-content.js';
import { useTrpc } from '../../trpc.js';
import { BranchContactLinks } from '../content/BranchContactLinks.js';
import { useCountryId } from '../country.js';
import { branchesOf } from './branch-choices.js';

/**
 * What happens after a form is sent, under the spec's success line: who answers and when, that a copy is on its way,
 * and how to reach the branch sooner (its phone, e-mail, WhatsApp and hours), with the checker's result when one went
 * with the message.
 */
export function NextSteps({
  branchId,
  email,
  reply,
  eligibility,
}: {
  /** The branch the visitor chose (null: none, "any branch"). */
  branchId: number | null;
  /** Where the copy of what they sent goes. */
  email: string;
  /** What happens next, in a sentence, by the branch's name if one was chosen. */
  reply: (branch: string | null) => string;
  /** The checker whose answers went with the message, if any. */
  eligibility?: EligibilityTool;
}): JSX.Element {
  const trpc = useTrpc();
  const branches = useQuery(branchesOf(trpc, useCountryId()));
  const branch = branches.data?.find((candidate) => candidate.id === branchId);
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        What happens next
      </Title>
      <List type="ordered" spacing="xs" mt="sm">
        <List.Item>{reply(branch?.name ?? null)}</List.Item>
        <List.Item>
          A copy of your message is on its way to <strong>{email}</strong>. Not there in a few minutes? Check your spam
          folder.
        </List.Item>
        {eligibility ? (
          <List.Item>
            Your {ELIGIBILITY_TOOL_LABELS[eligibility]} answers went with it: your counsellor goes through the result
            with you.
          </List.Item>
        ) : null}
      </List>
      {branch ? <BranchContacts branch={branch} /> : null}
    </Paper>
  );
}

/** How to reach the branch before it answers: its phone, e-mail, WhatsApp and hours. */
function BranchContacts({ branch }: { branch: SiteBranch }) {
  const hours = branch.opening_hours ? openingHoursLines(branch.opening_hours) : [];
  return (
    <>
      <Text fw={600} mt="md">
        Need us sooner? {branch.name} is here:
      </Text>
      <Stack gap={4} mt={4}>
        <BranchContactLinks branch={branch} />
        {hours.length > 0 ? (
          <Text size="sm" c="gray.7">
            Open {hours.map(({ days, hours: open }) => `${days} ${open}`).join('; ')}
          </Text>
        ) : null}
      </Stack>
    </>
  );
}
