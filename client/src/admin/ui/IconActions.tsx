import { ActionIcon, Group, type MantineSize } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

/** One icon button: its words are its name for screen readers (the icon is decoration). */
export interface IconAction {
  label: string;
  icon: TablerIcon;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}

/** A row of icon buttons (a list row's edit and delete, a question's move up and down), the given ones only. */
export function IconActions({
  actions,
  variant = 'subtle',
  size,
  iconSize = 18,
  gap = 4,
}: {
  actions: (IconAction | false | null | undefined)[];
  variant?: 'subtle' | 'default';
  /** The buttons' size: `input-sm` to stand beside an input. */
  size?: 'input-sm';
  iconSize?: number;
  gap?: MantineSize | number;
}) {
  return (
    <Group gap={gap} wrap="nowrap">
      {actions.map((action) =>
        action ? (
          <ActionIcon
            key={action.label}
            variant={variant}
            size={size}
            color={action.color}
            aria-label={action.label}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            <action.icon size={iconSize} aria-hidden />
          </ActionIcon>
        ) : null,
      )}
    </Group>
  );
}
