import { Anchor, Badge, Group, Text } from '@mantine/core';
import {
  ELIGIBILITY_TOOL_LABELS,
  type LeadEligibility as Eligibility,
} from '../../../../../shared/eligibility/attachment.js';
import { FactsTable, LeadSection } from './lead-parts.js';

/**
 * An eligibility checker's result sent with an enquiry: the score and its factors as the rules of that day gave
 * them, then the visitor's answers, so a counsellor can answer without asking again.
 */
export function LeadEligibility({ eligibility }: { eligibility: Eligibility }) {
  const { result } = eligibility;
  const reached = result.passMark !== null && result.total >= result.passMark;
  return (
    <LeadSection title="Eligibility estimate">
      <Group gap="sm" mb="xs" wrap="wrap">
        <Text fw={700} size="lg">
          {ELIGIBILITY_TOOL_LABELS[eligibility.tool]}: {result.total} points
        </Text>
        {result.passMark !== null ? (
          <Badge color={reached ? 'teal.9' : 'gray.8'} variant="filled">
            {reached ? `Reaches the pass mark of ${result.passMark}` : `Below the pass mark of ${result.passMark}`}
          </Badge>
        ) : null}
      </Group>
      <FactsTable
        caption="Points by factor"
        labelWidth="60%"
        mb="sm"
        facts={result.breakdown.map((line) => [
          line.label,
          `${line.points}${line.max !== undefined ? ` of ${line.max}` : ''}`,
        ])}
      />
      <FactsTable
        variant="vertical"
        caption="The visitor's answers"
        labelWidth={200}
        mb="xs"
        facts={eligibility.answers}
      />
      <Text size="sm" c="dimmed">
        Worked out when it was sent, with the rules as published by {result.rules.publisher} on{' '}
        {result.rules.publishedOn} (
        <Anchor href={result.rules.source} target="_blank" rel="noopener noreferrer" size="sm">
          source
        </Anchor>
        ).
      </Text>
    </LeadSection>
  );
}
