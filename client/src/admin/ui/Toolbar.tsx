import { Button, Group } from '@mantine/core';
import { IconPlus, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The screen's one button ("Add Branch"), with a plus unless another icon says more ("Edit"). */
export interface ToolbarAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  icon?: TablerIcon;
}

/**
 * The row above a screen's content: what it shows (the country or page choice, a note) at the start, its action at
 * the end (`action`, or `end` for anything else, e.g. a preview link).
 */
export function Toolbar({
  children,
  action,
  end,
  align = 'flex-end',
}: {
  children?: ReactNode;
  action?: ToolbarAction | null;
  end?: ReactNode;
  align?: 'flex-end' | 'center';
}) {
  const Icon = action?.icon ?? IconPlus;
  return (
    <Group justify="space-between" align={align} gap="md">
      {/* Something at the start keeps the action at the end. */}
      {children ?? <span />}
      {action ? (
        <Button leftSection={<Icon size={16} aria-hidden />} disabled={action.disabled} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
      {end}
    </Group>
  );
}
