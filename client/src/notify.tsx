import { IconCheck, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

/** Spec §9: toasts close after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;

// Mantine's notifications (and their styles) load with the first toast, not with every page.
const loadNotifications = () => import('./toasts.js');
const ToastContainer = lazy(() => loadNotifications().then((m) => ({ default: m.ToastContainer })));

/** Whether any toast was asked for yet: until then the container is not even loaded. */
let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Where toasts appear: mounted in the browser once the first toast is shown (never on the server). */
export function Toasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  ) : null;
}

/**
 * Where a toast opens: in the staff area, bottom left, so it covers neither a panel's controls (the enquiry panel
 * opens on the right) nor a dialog's buttons; on the public site, top right under the header.
 */
const toastPosition = (path: string): 'bottom-left' | 'top-right' =>
  path.startsWith('/admin') ? 'bottom-left' : 'top-right';

function show(message: string, color: string, icon: ReactNode): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadNotifications().then(({ notifications }) =>
    notifications.show({
      message,
      color,
      icon,
      position: toastPosition(window.location.pathname),
      closeButtonProps: { 'aria-label': 'Close notification' },
    }),
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
