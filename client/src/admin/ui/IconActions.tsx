import { ActionIcon, Group, Tooltip, VisuallyHidden, type MantineSize } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { TablerIcon } from '@tabler/icons-react';

/** One icon button: its words are its name for screen readers (the icon is decoration). */
export interface IconAction {
  label: string;
  icon: TablerIcon;
  onClick: () => void;
  disabled?: boolean;
  /** Why the signed-in staff member may not do it: the button stays, dimmed, and says why (hover, focus, readers). */
  refused?: string | null;
  color?: string;
}

/**
 * A tooltip that says why something cannot be done: shown on hover, keyboard focus and touch alike (Mantine's default
 * is hover only), wide enough for a sentence.
 */
export const REASON_TOOLTIP = {
  multiline: true,
  w: 240,
  withArrow: true,
  events: { hover: true, focus: true, touch: true },
} as const;

type IconProps = { variant: 'subtle' | 'default'; size?: 'input-sm'; iconSize: number };

/**
 * An action the API would refuse: still focusable (a disabled button is not, so its reason could not be read), marked
 * `aria-disabled`, described by the reason, and doing nothing.
 */
function RefusedIcon({ action, variant, size, iconSize }: { action: IconAction } & IconProps) {
  const reasonId = useId();
  return (
    // The tooltip sits on a wrapper: on the button itself it would take over aria-describedby while open only.
    <Tooltip label={action.refused} {...REASON_TOOLTIP}>
      <span style={{ display: 'inline-flex' }}>
        <ActionIcon
          variant={variant}
          size={size}
          aria-label={action.label}
          aria-disabled
          aria-describedby={reasonId}
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          <action.icon size={iconSize} aria-hidden />
        </ActionIcon>
        <VisuallyHidden id={reasonId}>{action.refused}</VisuallyHidden>
      </span>
    </Tooltip>
  );
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
        action && action.refused ? (
          <RefusedIcon key={action.label} action={action} variant={variant} size={size} iconSize={iconSize} />
        ) : action ? (
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
