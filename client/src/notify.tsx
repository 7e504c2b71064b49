import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';

/** Spec §9: toasts close after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;

/** A success toast with a tick (spec §2 "Toasts"). */
export function notifySuccess(message: string): void {
  notifications.show({
    message,
    color: 'teal',
    icon: <IconCheck size={18} aria-hidden />,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

/** An error toast with a cross, showing the error's message (spec §8). */
export function notifyError(message: string): void {
  notifications.show({
    message,
    color: 'red',
    icon: <IconX size={18} aria-hidden />,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
