import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export { notifications } from '@mantine/notifications';

/** Mantine's toast container, loaded on its own (notify.tsx). */
export function ToastContainer({ autoClose }: { autoClose: number }) {
  return <Notifications autoClose={autoClose} position="top-right" zIndex={1000} />;
}
