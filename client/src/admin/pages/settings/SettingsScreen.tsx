import { Anchor, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../ui/QueryState.js';
import { Section } from '../../ui/Section.js';
import { siteSettingsInput, type SiteSettings, type SiteSettingsView } from '../../../../../shared/site-settings.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useRefetch, useTrpc } from '../../../trpc.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { errorMessage } from '../../ui/errors.js';
import { useAdminForm } from '../../ui/use-admin-form.js';

/**
 * Settings (ADMIN): the business facts every country site shows (newsletter sign-up, registration numbers, Code of
 * Conduct, booking page), saved in the database; the server's environment values apply until then (decision 034).
 */
export function SettingsScreen() {
  const trpc = useTrpc();
  const view = useQuery(trpc.settings.get.queryOptions());
  if (!view.isSuccess) {
    return (
      <QueryState
        query={view}
        what="the settings"
        loading={
          <Stack gap="md" aria-busy="true" aria-label="Loading the settings">
            <Skeleton h={20} w="60%" />
            <Skeleton h={320} />
          </Stack>
        }
      />
    );
  }
  // A fresh form for each saved version: its values start from what applies now.
  return <SettingsForm key={view.data.saved?.at ?? 'defaults'} view={view.data} />;
}

type FormValues = { [K in keyof SiteSettings]: string };

const valuesOf = (settings: SiteSettings): FormValues => ({
  newsletterFormUrl: settings.newsletterFormUrl ?? '',
  registrationNumbers: settings.registrationNumbers ?? '',
  codeOfConductUrl: settings.codeOfConductUrl,
  appointmentUrl: settings.appointmentUrl ?? '',
});

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SettingsForm({ view }: { view: SiteSettingsView }) {
  const trpc = useTrpc();
  const { form, canSubmit, saveFeedback } = useAdminForm(siteSettingsInput, valuesOf(view.current));
  const [confirmingReset, setConfirmingReset] = useState(false);
  const refetch = useRefetch();
  const refresh = () => refetch('settings');
  const save = useMutation(trpc.settings.save.mutationOptions(saveFeedback(true, refresh)));
  const reset = useMutation(
    trpc.settings.reset.mutationOptions({
      onSuccess: async () => {
        notifySuccess("The server's defaults apply again");
        setConfirmingReset(false);
        await refresh();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );
  const defaultOf = (setting: keyof SiteSettings) => `Server default: ${view.defaults[setting] || 'none'}`;

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
          <Section title="Footer">
            <Stack gap="md">
              <TextInput
                label="Newsletter form URL"
                description={`Your mailing-list provider's sign-up form action (https), e.g. the "form action" of a Mailchimp embedded form. Empty: no sign-up form in the footer. ${defaultOf('newsletterFormUrl')}.`}
                placeholder="https://"
                inputMode="url"
                {...form.getInputProps('newsletterFormUrl')}
              />
              <TextInput
                label="Registration numbers"
                description={`The registered migration agents' numbers the footer lists, e.g. "MARN 1234567, MARN 7654321". ${defaultOf('registrationNumbers')}.`}
                {...form.getInputProps('registrationNumbers')}
              />
              <TextInput
                label="Code of Conduct link"
                description={`The Code of Conduct the footer links to. ${defaultOf('codeOfConductUrl')}.`}
                withAsterisk
                inputMode="url"
                {...form.getInputProps('codeOfConductUrl')}
              />
            </Stack>
          </Section>
          <Section title="Appointments">
            <TextInput
              label="Booking page URL"
              description={`An online booking page (e.g. Calendly) offered on Book an Appointment next to the form. Empty: the form only. ${defaultOf('appointmentUrl')}.`}
              placeholder="https://"
              inputMode="url"
              {...form.getInputProps('appointmentUrl')}
            />
          </Section>
          <Group justify="space-between">
            {view.saved ? (
              <Button variant="default" onClick={() => setConfirmingReset(true)}>
                Use the server&apos;s defaults
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={!canSubmit} loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirmingReset}
        onClose={() => setConfirmingReset(false)}
        title="Use the server's defaults?"
        confirmLabel="Use the defaults"
        confirming={reset.isPending}
        onConfirm={() => reset.mutate()}
      >
        <Text>
          The saved settings are forgotten and the values set on the server (its environment) apply again on every
          country site.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
