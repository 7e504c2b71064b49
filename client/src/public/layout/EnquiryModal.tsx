import '../dialog-styles.js';
import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The form (with its validation library) loads when the modal first opens, not with every page.
const EnquiryForm = lazy(() => import('../forms/EnquiryForm.js').then((m) => ({ default: m.EnquiryForm })));

/** The enquiry form in a modal (spec §2: the Enquiry button), with a close button, Escape and focus return. */
export function EnquiryModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Enquiry"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close enquiry form' }}
    >
      <Suspense
        fallback={
          <Center py="xl">
            <Loader role="status" aria-label="Loading the enquiry form" />
          </Center>
        }
      >
        <EnquiryForm />
      </Suspense>
    </Modal>
  );
}
