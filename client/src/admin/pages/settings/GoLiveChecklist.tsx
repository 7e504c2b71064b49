import { Anchor, Button, Card, Code, Group, List, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { GoLiveCheck } from '../../../../../shared/site-settings.js';
import { useTrpc } from '../../../trpc.js';
import { countOf } from '../../../../../shared/words.js';
import { errorMessage } from '../../ui/errors.js';

/** Placeholder contacts listed before "and N more". */
const SHOWN_ITEMS = 5;

/**
 * The ADMIN dashboard's go-live checklist: what a live site still lacks, each with what to set and where. Once every
 * check passes it shrinks to one line.
 */
export function GoLiveChecklist() {
  const trpc = useTrpc();
  const checks = useQuery(trpc.settings.goLive.queryOptions());
  const [showPassed, setShowPassed] = useState(false);
  if (checks.isError) return <Text c="red.9">{errorMessage(checks.error)}</Text>;
  if (!checks.data) return <Skeleton h={120} aria-label="Loading the go-live checklist" />;

  const open = checks.data.filter((check) => !check.ok);
  const passed = checks.data.filter((check) => check.ok);
  const done = passed.length;
  const total = checks.data.length;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="go-live-title">
      <Group justify="space-between" align="center" mb="xs" wrap="wrap">
        <Title order={2} size="h3" id="go-live-title">
          Go-live checklist
        </Title>
        <Text fw={600}>
          {done} of {total} ready
        </Text>
      </Group>
      <Progress
        value={(done / total) * 100}
        color={open.length === 0 ? 'green' : 'orange'}
        aria-label={`${done} of ${total} go-live checks pass`}
        mb="md"
      />
      {open.length === 0 ? (
        <Text>Everything a live site needs is in place.</Text>
      ) : (
        <CheckList checks={open} gap="md" />
      )}
      {passed.length > 0 ? (
        <>
          <Button variant="subtle" size="compact-sm" mt="md" onClick={() => setShowPassed((shown) => !shown)}>
            {showPassed ? 'Hide' : 'Show'} the {countOf(passed.length, 'passed check')}
          </Button>
          {showPassed ? <CheckList checks={passed} gap="sm" mt="sm" /> : null}
        </>
      ) : null}
    </Card>
  );
}

/** Checks as a list without bullets (each says itself whether it is ready). */
function CheckList({ checks, gap, mt }: { checks: GoLiveCheck[]; gap: 'sm' | 'md'; mt?: 'sm' }) {
  return (
    <Stack gap={gap} mt={mt} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {checks.map((check) => (
        <CheckItem key={check.id} check={check} />
      ))}
    </Stack>
  );
}

function CheckItem({ check }: { check: GoLiveCheck }) {
  const items = check.items ?? [];
  const Icon = check.ok ? IconCircleCheck : IconAlertTriangle;
  return (
    <Group component="li" gap="sm" align="flex-start" wrap="nowrap">
      <Icon
        size={22}
        color={`var(--mantine-color-${check.ok ? 'green' : 'orange'}-8)`}
        aria-label={check.ok ? 'Ready:' : 'To do:'}
        style={{ flexShrink: 0 }}
      />
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600}>{check.title}</Text>
        <Text size="sm">{check.detail}</Text>
        {items.length > 0 ? (
          <List size="sm" spacing={2}>
            {items.slice(0, SHOWN_ITEMS).map((item) => (
              <List.Item key={item.label} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={item.to}>
                  {item.label}
                </Anchor>
              </List.Item>
            ))}
            {items.length > SHOWN_ITEMS ? <List.Item>and {items.length - SHOWN_ITEMS} more</List.Item> : null}
          </List>
        ) : null}
        {check.fix ? (
          <Group gap="xs" wrap="wrap">
            {check.fix.to ? (
              <Anchor component={Link} to={check.fix.to} size="sm" fw={600}>
                {check.fix.label}
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                {withVariable(check.fix.label, check.fix.env)}
              </Text>
            )}
            {check.fix.to && check.fix.env ? (
              <Text size="sm" c="dimmed">
                or set <Code>{check.fix.env}</Code> on the server
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}

/** The fix's words with the environment variable it names set as code. */
function withVariable(label: string, variable: string | undefined): ReactNode {
  if (!variable || !label.includes(variable)) return label;
  const [before, after] = label.split(variable);
  return (
    <>
      {before}
      <Code>{variable}</Code>
      {after}
    </>
  );
}
