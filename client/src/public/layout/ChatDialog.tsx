import '../form-styles.js';
import '../dialog-styles.js';
import { Button, Modal, Select, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { SUCCESS_GREEN } from '../../theme.js';
import ui from '../ui/ui.module.css';
import type { ChatBranch } from './layout-types.js';

export const CHAT_BRANCH_REQUIRED = '*Select branch';

/** Spec §9: the chat defaults to Sydney. */
function defaultBranch(branches: ChatBranch[]): string | null {
  const sydney = branches.find((branch) => branch.label.toLowerCase().startsWith('sydney'));
  const chosen = sydney ?? branches[0];
  return chosen ? String(chosen.id) : null;
}

/**
 * The branches as the select lists them: the site's own country's first, under its name, then the others'; one list
 * when the site has none of its own (Global).
 */
function choicesOf(branches: ChatBranch[], siteCountry: string) {
  const option = (branch: ChatBranch) => ({ value: String(branch.id), label: branch.label });
  const own = branches.filter((branch) => branch.inSiteCountry);
  if (own.length === 0) return branches.map(option);
  const others = branches.filter((branch) => !branch.inSiteCountry);
  return [
    { group: siteCountry, items: own.map(option) },
    ...(others.length > 0 ? [{ group: 'Other countries', items: others.map(option) }] : []),
  ];
}

/**
 * The chat dialog (spec §2, §5): "Any Queries ?", a required branch select (default Sydney, "*Select branch" when
 * empty) and Send, disabled while no branch is chosen, which opens the branch's messenger page in a new tab. A branch
 * with a WhatsApp number offers it too, as a link beside Send.
 */
export default function ChatDialog({
  opened,
  onClose,
  branches,
  siteCountry,
}: {
  opened: boolean;
  onClose: () => void;
  branches: ChatBranch[];
  /** The site's country's name: its branches' group. */
  siteCountry: string;
}) {
  const [branchId, setBranchId] = useState<string | null>(() => defaultBranch(branches));
  const [touched, setTouched] = useState(false);
  const chosen = branches.find((branch) => String(branch.id) === branchId);
  const error = touched && !chosen ? CHAT_BRANCH_REQUIRED : undefined;

  function close() {
    // The next opening starts again from Sydney.
    setBranchId(defaultBranch(branches));
    setTouched(false);
    onClose();
  }

  function send() {
    if (!chosen) return;
    window.open(chosen.messengerUrl, '_blank', 'noopener,noreferrer');
    close();
  }

  return (
    <Modal opened={opened} onClose={close} title="Any Queries ?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="sm">Select branch.</Text>
      <Select
        label="Chat with our consultants today."
        required
        clearable
        allowDeselect={false}
        data={choicesOf(branches, siteCountry)}
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
      {chosen?.whatsappUrl ? (
        <Button
          component="a"
          href={chosen.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
          mt="sm"
          fullWidth
          variant="outline"
          color={SUCCESS_GREEN}
          leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
        >
          Chat on WhatsApp<span className={ui.visuallyHidden}> (opens in a new tab)</span>
        </Button>
      ) : null}
    </Modal>
  );
}
