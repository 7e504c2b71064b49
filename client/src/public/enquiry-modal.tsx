import { createContext, useContext } from 'react';

export interface EnquiryModalControls {
  /** Opens the enquiry form in a modal (spec §2 "Public layout": the Enquiry button). */
  open(): void;
}

export const EnquiryModalContext = createContext<EnquiryModalControls>({ open: () => undefined });

/** Call to actions on any public page open the one enquiry modal of the layout. */
export function useEnquiryModal(): EnquiryModalControls {
  return useContext(EnquiryModalContext);
}
