import { Anchor, Badge, Text } from '@mantine/core';
import type { EnableStatus } from '../../../../shared/enums.js';

/** A list cell's outside link, opened in a new tab; long addresses wrap. "No link" when there is none. */
export function LinkCell({ href }: { href: string | null | undefined }) {
  if (!href) {
    return (
      <Text size="sm" c="dimmed">
        No link
      </Text>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
      {href}
    </Anchor>
  );
}

/** ENABLE or DISABLE as the spec spells it, on a filled badge (colour for sighted staff, the word for everyone). */
export function StatusCell({ status }: { status: EnableStatus }) {
  return (
    <Badge color={status === 'ENABLE' ? 'teal.9' : 'gray.7'} variant="filled">
      {status}
    </Badge>
  );
}
