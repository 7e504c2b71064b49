import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';

/** The links and buttons directly in a dropdown list (not those of a nested list). */
function itemsOf(list: HTMLElement | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>(':scope > li > a, :scope > li > button')] : [];
}

/**
 * A button that shows a list of links or buttons (the disclosure pattern of site navigation): Enter, Space or a click
 * toggles it; `openKey` (ArrowDown for a top-level button, ArrowRight for a nested one) opens it and moves into it;
 * arrows, Home and End move within it; Escape (and ArrowLeft in a nested one) closes it and gives focus back to its
 * button; a click elsewhere or focus leaving closes it. `hover`: a mouse pointer resting on it opens it, too.
 * Every item stays in the HTML while closed (`hidden`), so pages keep their links without JavaScript.
 */
export function useDropdown({ openKey = 'ArrowDown', hover = false }: { openKey?: string; hover?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement & HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFirstOnOpen = useRef(false);
  /** Opened by a resting mouse: the click that usually follows keeps it open instead of closing it. */
  const openedByHover = useRef(false);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    if (focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      itemsOf(listRef.current)[0]?.focus();
    }
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const closeAndFocusButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const mouse = (event: ReactPointerEvent) => event.pointerType === 'mouse';

  return {
    open,
    close: () => setOpen(false),
    rootProps: {
      ref: rootRef,
      onBlur: (event: FocusEvent) => {
        if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      },
      ...(hover
        ? {
            onPointerEnter: (event: ReactPointerEvent) => {
              if (!mouse(event) || open) return;
              openedByHover.current = true;
              setOpen(true);
            },
            onPointerLeave: (event: ReactPointerEvent) => {
              if (!mouse(event)) return;
              openedByHover.current = false;
              setOpen(false);
            },
          }
        : {}),
    },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      onClick: () => {
        if (openedByHover.current) openedByHover.current = false;
        else setOpen((value) => !value);
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === openKey) {
          event.preventDefault();
          event.stopPropagation();
          if (open) itemsOf(listRef.current)[0]?.focus();
          else {
            focusFirstOnOpen.current = true;
            setOpen(true);
          }
        } else if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
      },
    },
    listProps: {
      ref: listRef,
      id: listId,
      hidden: !open,
      onKeyDown: (event: KeyboardEvent) => {
        const items = itemsOf(listRef.current);
        const index = items.indexOf(document.activeElement as HTMLElement);
        if (index < 0) return;
        const moveTo = (next: number) => {
          event.preventDefault();
          event.stopPropagation();
          items[(next + items.length) % items.length]?.focus();
        };
        if (event.key === 'ArrowDown') moveTo(index + 1);
        else if (event.key === 'ArrowUp') moveTo(index - 1);
        else if (event.key === 'Home') moveTo(0);
        else if (event.key === 'End') moveTo(items.length - 1);
        else if (event.key === 'Escape' || (event.key === 'ArrowLeft' && openKey === 'ArrowRight')) {
          event.preventDefault();
          event.stopPropagation();
          closeAndFocusButton();
        }
      },
    },
  };
}
