import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandMessenger } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import classes from './layout.module.css';
import type { ChatBranch } from './layout-types.js';

// The dialog (with its select) loads on the first click, not with every page.
const ChatDialog = lazy(() => import('./ChatDialog.js'));

/**
 * "Chat with us !" (spec §2): a floating button opening a dialog where the visitor picks a branch; Send opens that
 * branch's messenger page in a new tab. Meta retired its customer-chat plugin, so this is the product's own entry to
 * the stored messenger pages, shown only when a branch has one.
 */
export function ChatBubble({ branches }: { branches: ChatBranch[] }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [requested, setRequested] = useState(false);
  if (branches.length === 0) return null;
  return (
    <>
      <Button
        className={classes.chatBubble}
        radius="xl"
        size="md"
        leftSection={<IconBrandMessenger size={20} aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          open();
        }}
      >
        Chat with us !
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <ChatDialog opened={opened} onClose={close} branches={branches} />
        </Suspense>
      ) : null}
    </>
  );
}
