import type { JSX } from 'react';
import { useEnquiryModal } from '../enquiry-modal.js';
import ui from '../ui/ui.module.css';

/** "Send an Enquiry": opens the layout's enquiry form, a dialog, so it is a button and not a link. */
export function EnquiryButton({ className = ui.button }: { className?: string }): JSX.Element {
  const enquiry = useEnquiryModal();
  return (
    <button type="button" className={className} onClick={() => enquiry.open()}>
      Send an Enquiry
    </button>
  );
}
