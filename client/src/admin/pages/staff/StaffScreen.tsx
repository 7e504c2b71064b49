import { Card, Stack, Title } from '@mantine/core';
import { AdminOnly, useActor } from '../../actor.js';
import { StaffAccounts } from './StaffAccounts.js';
import { StaffPictureEditor } from './StaffPictureEditor.js';

/**
 * Everyone's own picture, then the staff accounts (ADMIN only): who may sign in to the staff area, with which role
 * and for which countries, and their pictures.
 */
export function StaffScreen() {
  const me = useActor().data;
  return (
    <Stack gap="xl">
      {/* The signed-in person's picture, which the top bar shows (its avatar links here). */}
      <Stack gap="sm">
        <Title order={2} size="h3" id="your-picture">
          Your picture
        </Title>
        <Card withBorder padding="md" maw={640} aria-labelledby="your-picture" component="section">
          {me ? (
            <StaffPictureEditor staff={{ id: me.staffId, name: me.name, picture_url: me.picture_url }} self />
          ) : null}
        </Card>
      </Stack>
      <AdminOnly message="Only administrators can manage staff.">
        <StaffAccounts />
      </AdminOnly>
    </Stack>
  );
}
