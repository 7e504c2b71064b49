import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconPencilExclamation } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../notify.js';
import { AdminModal } from '../ui/AdminModal.js';
import { ConfirmModal } from '../ui/ConfirmModal.js';
import { errorMessage } from '../ui/errors.js';
import { formatWhen, WHOLE_WORD } from '../ui/list-cells.js';
import { QueryState } from '../ui/QueryState.js';

/** An item's draft as the API answers it: the item as the draft makes it, when and by whom it was saved. */
export interface SavedDraft<Item> {
  saved_at: string;
  saved_by: string | null;
  item: Item;
}

/**
 * A kind's drafts of live items (decision 041), bound to the screen's tRPC client: "Save draft" is offered for an
 * item visitors see, and its edit form opens on its draft, so Save publishes it.
 */
export interface DraftsApi<Item> {
  /** Whether saving the item changes what visitors see: only then is a draft offered. */
  isLive: (item: Item) => boolean;
  /** Whether the list knows the item has a draft (none, or undefined for an item: the edit form asks). */
  hasDraft?: (item: Item) => boolean | undefined;
  load: (id: number) => Promise<SavedDraft<Item> | null>;
  save: (input: never) => Promise<unknown>;
  discard: (id: number) => Promise<unknown>;
}

/** What the edit form needs of a draft: its saving, the item it makes, and the notice above the fields. */
export interface FormDraft<Item> {
  save: (input: never) => Promise<unknown>;
  item: Item | null;
  notice: ReactNode;
}

/** A list row's mark for an item whose changes wait as a draft. */
export function DraftBadge() {
  return (
    <Badge size="sm" variant="dot" color="orange" styles={WHOLE_WORD}>
      Unpublished draft
    </Badge>
  );
}

/** Says the form holds a draft that visitors do not see yet, with "Discard draft". */
export function DraftNotice({
  saved,
  onDiscard,
}: {
  saved: { saved_at: string; saved_by: string | null };
  onDiscard: () => void;
}) {
  return (
    <Alert color="blue" icon={<IconPencilExclamation size={18} aria-hidden />} title="Unpublished draft">
      <Text size="sm">
        Saved {formatWhen(saved.saved_at)}
        {saved.saved_by ? ` by ${saved.saved_by}` : ''}. Visitors see the published version until you save.
      </Text>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="default" onClick={onDiscard}>
          Discard draft
        </Button>
      </Group>
    </Alert>
  );
}

/** Asks before throwing a draft away; the published version stays. */
export function DiscardDraftDialog({
  discard,
  onClose,
  onDiscarded,
}: {
  discard: () => Promise<unknown>;
  onClose: () => void;
  onDiscarded: () => Promise<unknown> | void;
}) {
  const mutation = useMutation({
    mutationFn: discard,
    onSuccess: async () => {
      await onDiscarded();
      notifySuccess('Draft discarded');
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  return (
    <ConfirmModal
      title="Discard this draft?"
      confirmLabel="Discard draft"
      confirming={mutation.isPending}
      onClose={onClose}
      onConfirm={() => mutation.mutate()}
    >
      <Text>Its changes are lost; the published version stays as it is.</Text>
    </ConfirmModal>
  );
}

/**
 * The edit form of an item that may have a draft: loads the draft first (a dialog saying so meanwhile), then renders
 * `form` with what the form needs of it; "Discard draft" asks, then closes the form through `onDone`.
 */
export function WithDraft<Item extends { id: number }>({
  title,
  item,
  drafts,
  draftKey,
  onClose,
  onDone,
  form,
}: {
  title: string;
  item: Item;
  drafts: DraftsApi<Item> | undefined;
  /** The draft's query key (the kind's). */
  draftKey: readonly unknown[];
  onClose: () => void;
  /** After a discard: close and refetch. */
  onDone: () => Promise<unknown>;
  form: (draft: FormDraft<Item> | undefined) => ReactNode;
}) {
  const hasDraft = drafts ? (drafts.hasDraft?.(item) ?? true) : false;
  const draft = useQuery({
    queryKey: [...draftKey, 'draft', item.id],
    queryFn: () => drafts!.load(item.id),
    enabled: hasDraft,
    gcTime: 0,
  });
  const [discarding, setDiscarding] = useState(false);
  if (hasDraft && !draft.isSuccess) {
    return (
      <AdminModal opened onClose={onClose} title={title}>
        <QueryState query={draft} what="the draft" />
      </AdminModal>
    );
  }
  // A draft of an item that has since gone off the site still shows, so it can be published or thrown away.
  if (!drafts || !(hasDraft || drafts.isLive(item))) return form(undefined);
  const saved = draft.data ?? null;
  return (
    <>
      {form({
        save: drafts.save,
        item: saved?.item ?? null,
        notice: saved ? <DraftNotice saved={saved} onDiscard={() => setDiscarding(true)} /> : null,
      })}
      {discarding ? (
        <DiscardDraftDialog
          discard={() => drafts.discard(item.id)}
          onClose={() => setDiscarding(false)}
          onDiscarded={onDone}
        />
      ) : null}
    </>
  );
}
