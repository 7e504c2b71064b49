import { Modal } from '@mantine/core';
import { EnquiryForm } from '../forms/EnquiryForm.js';

/** The enquiry form in a modal (spec §2: the Enquiry button), with a close button, Escape and focus return. */
export function EnquiryModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Enquiry"
      size="lg"
      fullScreen={false}
      closeButtonProps={{ 'aria-label': 'Close enquiry form' }}
    >
      <EnquiryForm />
    </Modal>
  );
}
