import { Anchor, Badge, Group, Table, Text, Title } from '@mantine/core';
import {
  ELIGIBILITY_TOOL_LABELS,
  type LeadEligibility as Eligibility,
} from '../../../../../shared/eligibility/attachment.js';

/**
 * An eligibility checker's result sent with an enquiry: the score and its factors as the rules of that day gave
 * them, then the visitor's answers, so a counsellor can answer without asking again.
 */
export function LeadEligibility({ eligibility }: { eligibility: Eligibility }) {
  const { result } = eligibility;
  const reached = result.passMark !== null && result.total >= result.passMark;
  return (
    <section aria-labelledby="lead-eligibility">
      <Title order={3} size="h5" id="lead-eligibility" mb="xs">
        Eligibility estimate
      </Title>
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
      <Table withTableBorder layout="fixed" mb="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Points by factor</Table.Caption>
        <Table.Tbody>
          {result.breakdown.map((line) => (
            <Table.Tr key={line.factor}>
              <Table.Th w="60%">{line.label}</Table.Th>
              <Table.Td>
                {line.points}
                {line.max !== undefined ? ` of ${line.max}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table variant="vertical" withTableBorder layout="fixed" mb="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>The visitor&apos;s answers</Table.Caption>
        <Table.Tbody>
          {eligibility.answers.map(([question, answer]) => (
            <Table.Tr key={question}>
              <Table.Th w={200}>{question}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{answer}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Worked out when it was sent, with the rules as published by {result.rules.publisher} on{' '}
        {result.rules.publishedOn} (
        <Anchor href={result.rules.source} target="_blank" rel="noopener noreferrer" size="sm">
          source
        </Anchor>
        ).
      </Text>
    </section>
  );
}
