import { IconEye, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRefetch, useTrpc, useTrpcClient } from '../../trpc.js';
import { PreviewLinkDialog } from '../ui/PreviewLinkDialog.js';
import { VersionHistory } from '../ui/VersionHistory.js';
import type { ItemAction } from './shared-content.js';

interface PostItem {
  id: number;
  title: string;
  /** It has an unpublished draft (a restore, being an update, discards it). */
  has_draft?: boolean;
}

/** A link that shows the post as it is now to anyone holding it (48 hours), to copy or open. */
function PreviewDialog({ item, onClose }: { item: PostItem; onClose: () => void }) {
  const { post } = useTrpcClient();
  return (
    <PreviewLinkDialog
      title={`Preview ${item.title}`}
      makeLink={() => post.previewLink.mutate({ id: item.id })}
      onClose={onClose}
    >
      Anyone with this link sees the post as it is now, without signing in.
    </PreviewLinkDialog>
  );
}

/** A post's versions; a restore reads the blog list again (the history's included). */
function HistoryDialog({ item, onClose }: { item: PostItem; onClose: () => void }) {
  const trpc = useTrpc();
  const { post } = useTrpcClient();
  const refetch = useRefetch();
  const revisions = useQuery(trpc.post.revisions.queryOptions({ id: item.id }));
  return (
    <VersionHistory
      title={`History of ${item.title}`}
      versions={revisions}
      what="the post's versions"
      restore={(revision) => post.restore.mutate({ id: item.id, revision_id: revision.id })}
      onRestored={() => refetch('post')}
      onClose={onClose}
    >
      The post&apos;s title, address, excerpt, cover, body, author and publishing date go back to how they were then.
      Its countries and tags stay.{item.has_draft ? ' Its unpublished draft is discarded.' : ''}
    </VersionHistory>
  );
}

/** A post's own row actions: its preview link and its history. */
export const POST_ACTIONS: ItemAction<PostItem>[] = [
  { label: (name) => `Preview ${name}`, icon: IconEye, Dialog: PreviewDialog },
  { label: (name) => `History of ${name}`, icon: IconHistory, Dialog: HistoryDialog },
];
