import { Button, Container, Text, Title } from '@mantine/core';
import { useId, type JSX } from 'react';
import { useEnquiryModal } from '../enquiry-modal.js';
import classes from './content.module.css';

export interface EnquiryCallToActionProps {
  heading?: string;
  text?: string;
}

/** A closing section inviting an enquiry; the button opens the layout's enquiry form (a dialog, so a button). */
export function EnquiryCallToAction({
  heading = 'Have a question?',
  text = 'Tell us about your plans and a counsellor from your nearest branch will get back to you.',
}: EnquiryCallToActionProps): JSX.Element {
  const enquiry = useEnquiryModal();
  const headingId = useId();
  return (
    <section className={classes.callToAction} aria-labelledby={headingId}>
      <Container size="md" py="xl">
        <Title order={2} id={headingId}>
          {heading}
        </Title>
        <Text mt="xs">{text}</Text>
        <Button mt="md" size="md" onClick={() => enquiry.open()}>
          Send an Enquiry
        </Button>
      </Container>
    </section>
  );
}
