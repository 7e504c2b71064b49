import { Button, Modal, Select, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandMessenger } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './layout.module.css';
import type { ChatBranch } from './layout-types.js';

export const CHAT_BRANCH_REQUIRED = '*Select branch';

/** Spec §9: the chat defaults to Sydney. */
function defaultBranch(branches: ChatBranch[]): string | null {
  const sydney = branches.find((branch) => branch.label.toLowerCase().startsWith('sydney'));
  return String((sydney ?? branches[0])?.id ?? '') || null;
}

/**
 * "Chat with us !" (spec §2): a floating button opening a dialog where the visitor picks a branch; Send opens that
 * branch's messenger page in a new tab. Meta retired its customer-chat plugin, so this is the product's own entry to
 * the stored messenger pages, shown only when a branch has one.
 */
export function ChatBubble({ branches }: { branches: ChatBranch[] }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [branchId, setBranchId] = useState<string | null>(() => defaultBranch(branches));
  const [touched, setTouched] = useState(false);
  if (branches.length === 0) return null;

  const chosen = branches.find((branch) => String(branch.id) === branchId);
  const error = touched && !chosen ? CHAT_BRANCH_REQUIRED : undefined;

  function send() {
    if (!chosen) return;
    window.open(chosen.messengerUrl, '_blank', 'noopener,noreferrer');
    close();
  }

  return (
    <>
      <Button
        className={classes.chatBubble}
        radius="xl"
        size="md"
        leftSection={<IconBrandMessenger size={20} aria-hidden />}
        onClick={() => {
          setBranchId(defaultBranch(branches));
          setTouched(false);
          open();
        }}
      >
        Chat with us !
      </Button>
      <Modal opened={opened} onClose={close} title="Any Queries ?" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Text mb="sm">Select branch.</Text>
        <Select
          label="Chat with our consultants today."
          required
          clearable
          allowDeselect={false}
          data={branches.map((branch) => ({ value: String(branch.id), label: branch.label }))}
          value={branchId}
          onChange={(value) => {
            setBranchId(value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Button mt="md" fullWidth onClick={send} disabled={!chosen}>
          Send
        </Button>
      </Modal>
    </>
  );
}
