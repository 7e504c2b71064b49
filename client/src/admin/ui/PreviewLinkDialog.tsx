import { Alert, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AdminModal } from './AdminModal.js';
import { errorMessage } from './errors.js';
import { formatWhen } from './list-cells.js';

interface PreviewLink {
  url: string;
  expires_at: string;
}

/**
 * A preview link (a post's, a page text's draft, a banner's) to copy or open: it shows what is not published yet to
 * anyone holding it, without signing in, until it expires. A new link each time the dialog opens, and each time
 * `linkKey` changes (what `choice`, above the link, lets staff choose: a banner's page); the last one stays shown
 * meanwhile.
 */
export function PreviewLinkDialog<Link extends PreviewLink>({
  title,
  makeLink,
  linkKey,
  choice,
  onClose,
  children,
}: {
  title: string;
  makeLink: () => Promise<Link>;
  linkKey?: string | number;
  choice?: (link: Link) => ReactNode;
  onClose: () => void;
  /** What the link shows. */
  children: ReactNode;
}) {
  const [shown, setShown] = useState<Link | null>(null);
  const link = useMutation({ mutationFn: makeLink, onSuccess: setShown });
  const { mutate } = link;
  // Made once the dialog opens (and again for another choice): valid 48 hours from now.
  useEffect(() => mutate(), [mutate, linkKey]);

  return (
    <AdminModal opened onClose={onClose} title={title}>
      {shown && !link.isError ? (
        <Stack gap="sm" aria-busy={link.isPending}>
          <Text size="sm">{children}</Text>
          {choice?.(shown)}
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Preview link"
              value={shown.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={shown.url}>
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
            Valid until {formatWhen(shown.expires_at)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              component="a"
              href={shown.url}
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
