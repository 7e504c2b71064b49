import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

export { notifications } from '@mantine/notifications';

/** Mantine's toast container, loaded on its own (notify.tsx). */
export function ToastContainer({ autoClose }: { autoClose: number }) {
  return (
    <Notifications autoClose={autoClose} position="top-right" zIndex={1000} classNames={{ root: classes.toasts }} />
  );
}
