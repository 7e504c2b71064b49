import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { SiteSettings } from '../../../../../shared/site-settings.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useTrpc } from '../../../trpc.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { errorMessage } from '../../ui/errors.js';
import { Section } from '../../ui/Section.js';

export type SettingsValues = { [K in keyof SiteSettings]: string };

/** The settings' fields, each telling the server's default (what applies when nothing is saved). */
export function SettingsFields({
  form,
  defaults,
}: {
  form: UseFormReturnType<SettingsValues>;
  defaults: SiteSettings;
}) {
  const defaultOf = (setting: keyof SiteSettings) => `Server default: ${defaults[setting] || 'none'}`;
  return (
    <>
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
    </>
  );
}

/** Forgetting the saved settings, once confirmed: the server's environment values apply again. */
export function UseServerDefaults({ onReset }: { onReset: () => Promise<unknown> }) {
  const trpc = useTrpc();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation(
    trpc.settings.reset.mutationOptions({
      onSuccess: async () => {
        notifySuccess("The server's defaults apply again");
        setConfirming(false);
        await onReset();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );
  return (
    <>
      <Button variant="default" onClick={() => setConfirming(true)}>
        Use the server&apos;s defaults
      </Button>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
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
    </>
  );
}
