import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconScale } from '@tabler/icons-react';
import {
  ELIGIBILITY_RULES,
  ELIGIBILITY_TOOL_LABELS,
  rulesAreStale,
} from '../../../../../shared/eligibility/attachment.js';
import { ELIGIBILITY_TOOLS } from '../../../../../shared/eligibility/result.js';

/**
 * The dashboard's line on the public eligibility checkers: the date of the rules each computes with, and a warning
 * once they are older than a year (governments change points tables; a stale checker misleads visitors).
 */
export function EligibilityRules() {
  const stale = ELIGIBILITY_TOOLS.filter((tool) => rulesAreStale(ELIGIBILITY_RULES[tool].checkedOn));
  return (
    <Alert
      color={stale.length > 0 ? 'orange' : 'gray'}
      variant="light"
      icon={stale.length > 0 ? <IconAlertTriangle size={18} aria-hidden /> : <IconScale size={18} aria-hidden />}
      title={
        stale.length > 0
          ? 'Check the eligibility checkers: their rules were last checked more than a year ago'
          : 'Eligibility checkers on the public site'
      }
    >
      <List size="sm" spacing={2}>
        {ELIGIBILITY_TOOLS.map((tool) => {
          const rules = ELIGIBILITY_RULES[tool];
          return (
            <List.Item key={tool}>
              {ELIGIBILITY_TOOL_LABELS[tool]}: rules as published by {rules.publisher} on {rules.publishedOn}, last
              checked on {rules.checkedOn}
              {stale.includes(tool) ? ' (more than 12 months ago)' : ''} —{' '}
              <Anchor href={rules.source} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
                the official rules
              </Anchor>
            </List.Item>
          );
        })}
      </List>
      {stale.length > 0 ? (
        <Text size="sm" mt="xs">
          If the rules have changed since, the tables in shared/eligibility need updating before visitors rely on them.
        </Text>
      ) : null}
    </Alert>
  );
}
