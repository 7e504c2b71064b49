import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { siteSettingsInput, type SiteSettings, type SiteSettingsView } from '../../../../../shared/site-settings.js';
import { useRefetch, useTrpc } from '../../../trpc.js';
import { useAdminForm } from '../../ui/use-admin-form.js';
import { SettingsFields, UseServerDefaults, type SettingsValues } from './settings-parts.js';

const valuesOf = (settings: SiteSettings): SettingsValues => ({
  newsletterFormUrl: settings.newsletterFormUrl ?? '',
  registrationNumbers: settings.registrationNumbers ?? '',
  codeOfConductUrl: settings.codeOfConductUrl,
  appointmentUrl: settings.appointmentUrl ?? '',
});

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The settings as a form that starts from what applies now. */
export function SettingsForm({ view }: { view: SiteSettingsView }) {
  const trpc = useTrpc();
  const { form, canSubmit, saveFeedback } = useAdminForm(siteSettingsInput, valuesOf(view.current));
  const refetch = useRefetch();
  const refresh = () => refetch('settings');
  const save = useMutation(trpc.settings.save.mutationOptions(saveFeedback(true, refresh)));
  return (
    <Stack gap="lg" maw={760}>
      <Text>
        What every country site shows in its footer and on Book an Appointment. Changes apply to every page at once,
        without a restart.
      </Text>
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {view.saved
            ? `Saved${view.saved.by ? ` by ${view.saved.by}` : ''} on ${dateTime.format(new Date(view.saved.at))}`
            : "Using the server's defaults"}
        </Text>
        <Anchor href="/" target="_blank" rel="noopener" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            See the public site <IconExternalLink size={14} aria-label="(opens in a new tab)" />
          </Group>
        </Anchor>
      </Group>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="lg">
          <SettingsFields form={form} defaults={view.defaults} />
          <Group justify="space-between">
            {view.saved ? <UseServerDefaults onReset={refresh} /> : <span />}
            <Button type="submit" disabled={!canSubmit} loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
