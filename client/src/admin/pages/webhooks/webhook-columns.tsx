import { Button, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ApiOutputs } from '../../../trpc.js';
import { columnsOf } from '../../ui/list-cells.js';

export type Hook = ApiOutputs['webhooks']['list'][number];

/** A button whose words wrap in a narrow card (a phone) instead of being cut off. */
const WRAPPING = { root: { height: 'auto', minHeight: 30, paddingBlock: 4 }, label: { whiteSpace: 'normal' } } as const;

/** The webhooks list's columns: one row per country, with or without a webhook. */
export function useWebhookColumns(onEdit: (hook: Hook) => void, onRemove: (hook: Hook) => void) {
  return useMemo(
    () =>
      columnsOf<Hook>({
        Country: (hook) => hook.country_name,
        URL: (hook) => (
          <Text span inherit style={{ overflowWrap: 'anywhere' }} c={hook.url ? undefined : 'dimmed'}>
            {hook.url ?? 'None'}
          </Text>
        ),
        Secret: (hook) => hook.secret_hint ?? '',
        State: (hook) => (hook.url ? (hook.is_enabled ? 'On' : 'Off') : ''),
        Action: (hook) => (
          <Group gap="xs">
            <Button size="xs" variant="default" styles={WRAPPING} onClick={() => onEdit(hook)}>
              {hook.url ? `Edit ${hook.country_name}'s webhook` : `Add a webhook for ${hook.country_name}`}
            </Button>
            {hook.url ? (
              <Button size="xs" variant="default" c="red.8" onClick={() => onRemove(hook)}>
                Remove
              </Button>
            ) : null}
          </Group>
        ),
      }),
    [onEdit, onRemove],
  );
}
