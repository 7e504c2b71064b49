import '../dialog-styles.js';
import { Modal } from '@mantine/core';
import { Link } from 'react-router';
import type { SitePopup } from '../../../../shared/site-content.js';
import { safeLinkOf } from '../content/embeds.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import ui from '../ui/ui.module.css';

/** The home page's popup: its picture, linking where the popup says (loaded when it first opens). */
export default function HomePopupDialog({
  popup,
  opened,
  onClose,
}: {
  popup: SitePopup;
  opened: boolean;
  onClose: () => void;
}) {
  const link = safeLinkOf(popup.link);
  const image = <ResponsiveImage image={popup.image} sizes="(min-width: 48em) 600px, 100vw" />;
  const linkText = <span className={ui.visuallyHidden}>Find out more</span>;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Announcement"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {link?.kind === 'internal' ? (
        <Link to={link.to} onClick={onClose}>
          {image}
          {linkText}
        </Link>
      ) : link?.kind === 'external' ? (
        <a href={link.href}>
          {image}
          {linkText}
        </a>
      ) : (
        image
      )}
    </Modal>
  );
}
