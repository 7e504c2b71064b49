import { Avatar, type MantineSize } from '@mantine/core';
import { smallPictureUrl } from './thumbnails.js';

/** "Ada Lovelace" → "AL": what an avatar shows without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/**
 * A staff member's avatar: their uploaded picture (a small variant of it), else `fallbackUrl` (an external sign-in
 * provider's picture), else their initials. Decorative: the name is always written next to it.
 */
export function StaffAvatar({
  name,
  pictureUrl,
  fallbackUrl = null,
  size,
  withInitials = true,
}: {
  name: string;
  pictureUrl: string | null;
  fallbackUrl?: string | null;
  size: MantineSize | number;
  /** Without a picture, the initials (default) or a plain placeholder (in a table, whose cells are read as text). */
  withInitials?: boolean;
}) {
  const src = pictureUrl ? smallPictureUrl(pictureUrl) : fallbackUrl;
  return (
    <Avatar src={src} alt="" color="blue" radius={1000} size={size}>
      {withInitials ? initials(name) : null}
    </Avatar>
  );
}
