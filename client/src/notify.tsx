import { IconCheck, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

/** Spec §9: toasts close after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;

// Mantine's notifications (and their styles) load after the page is up, not before it: no page starts with a toast.
const loadNotifications = () => import('./toasts.js');
const ToastContainer = lazy(() => loadNotifications().then((m) => ({ default: m.ToastContainer })));

const noSubscription = () => () => undefined;

/** Where toasts appear; mounted once the page has hydrated (it renders nothing on the server). */
export function Toasts() {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? (
    <Suspense fallback={null}>
      <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  ) : null;
}

function show(message: string, color: string, icon: ReactNode): void {
  void loadNotifications().then(({ notifications }) =>
    notifications.show({ message, color, icon, closeButtonProps: { 'aria-label': 'Close notification' } }),
  );
}

/** A success toast with a tick (spec §2 "Toasts"). */
export function notifySuccess(message: string): void {
  show(message, 'teal', <IconCheck size={18} aria-hidden />);
}

/** An error toast with a cross, showing the error's message (spec §8). */
export function notifyError(message: string): void {
  show(message, 'red', <IconX size={18} aria-hidden />);
}
