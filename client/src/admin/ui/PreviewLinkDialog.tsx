import { Alert, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { AdminModal } from './AdminModal.js';
import { errorMessage } from './errors.js';
import { formatWhen } from './list-cells.js';

interface PreviewLink {
  url: string;
  expires_at: string;
}

/**
 * A preview link (a post's, a page text's draft, a banner's) to copy or open: it shows what is not published yet to anyone holding
 * it, without signing in, until it expires. A new link each time the dialog opens.
 */
export function PreviewLinkDialog({
  title,
  makeLink,
  onClose,
  children,
}: {
  title: string;
  makeLink: () => Promise<PreviewLink>;
  onClose: () => void;
  /** What the link shows. */
  children: ReactNode;
}) {
  const link = useMutation({ mutationFn: makeLink });
  const { mutate } = link;
  // Made once the dialog opens: valid 48 hours from now.
  useEffect(() => mutate(), [mutate]);

  return (
    <AdminModal opened onClose={onClose} title={title}>
      {link.isSuccess ? (
        <Stack gap="sm">
          <Text size="sm">{children}</Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Preview link"
              value={link.data.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={link.data.url}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            Valid until {formatWhen(link.data.expires_at)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              component="a"
              href={link.data.url}
              target="_blank"
              rel="noopener"
              aria-label="Open preview (opens in a new tab)"
            >
              Open preview
            </Button>
          </Group>
        </Stack>
      ) : link.isError ? (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not make a preview link">
            {errorMessage(link.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => mutate()}>
              Try again
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="center" py="md">
          <Loader size="sm" role="status" aria-label="Making a preview link" />
        </Group>
      )}
    </AdminModal>
  );
}
