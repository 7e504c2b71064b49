import { IconBrandMessenger } from '@tabler/icons-react';
import { lazy } from 'react';
import ui from '../ui/ui.module.css';
import classes from './layout.module.css';
import { LazyDialog, useLazyDialog } from './lazy-dialog.js';
import type { ChatBranch } from './layout-types.js';

// The dialog (with its select) loads on the first click, not with every page.
const ChatDialog = lazy(() => import('./ChatDialog.js'));

/**
 * "Chat with us !" (spec §2): a floating button opening a dialog where the visitor picks a branch; Send opens that
 * branch's messenger page in a new tab. Meta retired its customer-chat plugin, so this is the product's own entry to
 * the stored messenger pages, shown only when a branch has one.
 */
export function ChatBubble({ branches, siteCountry }: { branches: ChatBranch[]; siteCountry: string }) {
  const dialog = useLazyDialog();
  if (branches.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${ui.round} ${classes.chatBubble}`}
        aria-haspopup="dialog"
        onClick={dialog.open}
      >
        <IconBrandMessenger size={20} aria-hidden />
        Chat with us !
      </button>
      <LazyDialog dialog={dialog}>
        {(opened) => (
          <ChatDialog opened={opened} onClose={dialog.close} branches={branches} siteCountry={siteCountry} />
        )}
      </LazyDialog>
    </>
  );
}
