import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Open/closed state of a dialog whose code loads the first time it opens (and then stays mounted, so it can animate
 * closing and open at once the next time).
 */
export function useLazyDialog() {
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  // Stable functions: effects and context values depend on them.
  const actions = useMemo(
    () => ({
      open: () => {
        setRequested(true);
        setOpened(true);
      },
      close: () => setOpened(false),
      toggle: () => {
        setRequested(true);
        setOpened((value) => !value);
      },
    }),
    [],
  );
  return { opened, requested, ...actions };
}

/**
 * Renders a lazily loaded dialog once it is requested. It mounts closed and opens right after: Mantine notes the
 * element to give focus back to when `opened` changes, not when a dialog mounts open.
 */
export function LazyDialog({
  dialog,
  children,
}: {
  dialog: { opened: boolean; requested: boolean };
  children: (opened: boolean) => ReactNode;
}) {
  if (!dialog.requested) return null;
  return (
    <Suspense fallback={null}>
      <OpenAfterMount opened={dialog.opened}>{children}</OpenAfterMount>
    </Suspense>
  );
}

function OpenAfterMount({ opened, children }: { opened: boolean; children: (opened: boolean) => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true));
    return () => clearTimeout(timer);
  }, []);
  return children(opened && mounted);
}
