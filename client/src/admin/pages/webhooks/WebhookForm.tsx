import { Anchor, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { WEBHOOK_SECRET_MIN, setWebhookInput } from '../../../../../shared/webhooks.js';
import { useTrpc } from '../../../trpc.js';
import { useEditConflicts } from '../../ui/fields.js';
import { SaveModal } from '../../ui/FormModal.js';
import type { Hook } from './webhook-columns.js';

/** A random secret for a new webhook: 32 bytes as hex, from the browser's cryptographic generator. */
function newSecret(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A country's webhook: its URL, its signing secret (a new one is made for a new webhook) and whether it is on. */
export function WebhookForm({
  hook,
  onClose,
  onSaved,
}: {
  hook: Hook;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const save = useMutation(trpc.webhooks.set.mutationOptions());
  // A change is checked against what the form opened with (decision 043): a URL or switch a colleague changed
  // meanwhile is not silently replaced. The secret is never recorded, so it is never in conflict.
  const conflicts = useEditConflicts(
    hook.url ? { country_id: hook.country_id, url: hook.url, secret: null, is_enabled: hook.is_enabled } : {},
  );
  return (
    <SaveModal
      title={`${hook.country_name}: webhook`}
      schema={setWebhookInput}
      initialValues={{ url: hook.url ?? '', secret: hook.url ? '' : newSecret(), is_enabled: hook.is_enabled ?? true }}
      // An empty secret keeps the one set.
      toInput={({ url, secret, is_enabled }) => ({
        country_id: hook.country_id,
        url,
        secret: secret.trim() || null,
        is_enabled,
      })}
      // Setting a webhook takes every field, so each is sent and checked.
      save={(input) =>
        hook.url ? conflicts.sent(save.mutateAsync(conflicts.input(input, true))) : save.mutateAsync(input)
      }
      editing={Boolean(hook.url)}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextInput
            label="URL"
            placeholder="https://crm.example.com/hooks/leads"
            required
            {...form.getInputProps('url')}
          />
          <TextInput
            label="Secret"
            description={
              hook.url
                ? `Leave empty to keep the current secret (${hook.secret_hint ?? ''}).`
                : `Copy it into the receiver now: it is not shown again. At least ${WEBHOOK_SECRET_MIN} characters.`
            }
            {...form.getInputProps('secret')}
            rightSectionWidth={96}
            rightSection={
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => form.setFieldValue('secret', newSecret())}
              >
                New secret
              </Anchor>
            }
          />
          <Switch label="Send new leads" {...form.getInputProps('is_enabled', { type: 'checkbox' })} />
        </>
      )}
    </SaveModal>
  );
}
