import { useEffect, type ReactNode } from 'react';

/*
 * What a visitor did before the page's script took over (decision 044). A public page is painted from the server's
 * HTML well before its script has downloaded and hydrated it (seconds on a slow phone). Meanwhile a control only the
 * script answers (More Sites, the menu, "Chat with us !", a gallery picture, a form's select) did nothing when tapped,
 * and what was typed into a form was wiped when hydration gave each field the value React held (empty). Now the last
 * tap (kept by one line at the top of index.html) and every field changed are read just before hydration and made
 * again once it is done, through the events React listens to, so the page's state learns them.
 */

declare global {
  interface Window {
    /** The script-only control (a button, a select's box) of the last tap before hydration (index.html keeps it). */
    __earlyTap?: Element;
    /** Set when hydration starts: from then on React answers taps itself, so index.html stops keeping them. */
    __pageTakenOver?: boolean;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Entry = { field: Field; value: string | boolean };

/** The value a field was changed to, or undefined when it still holds what the server rendered. */
function changedValue(field: Field): string | boolean | undefined {
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected) ? field.value : undefined;
  }
  if (field instanceof HTMLInputElement && field.type === 'checkbox') {
    return field.checked !== field.defaultChecked ? field.checked : undefined;
  }
  // A radio is unchecked by checking another of its group: that one is the answer made again.
  if (field instanceof HTMLInputElement && field.type === 'radio') {
    return field.checked && !field.defaultChecked ? true : undefined;
  }
  return field.value !== field.defaultValue ? field.value : undefined;
}

/** Gives a field its value again as if typed or chosen: React's own events, so its handlers update the state. */
function enterAgain({ field, value }: Entry) {
  if (!field.isConnected || field.disabled) return;
  if (typeof value === 'boolean') {
    // A click toggles a box and is what React hears for it. Hydration may have left the box as the visitor set it
    // while React holds the opposite: set the opposite through the element's own setter first (see below).
    if (field instanceof HTMLInputElement) {
      field.checked = !value;
      field.click();
    }
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React keeps the value it last saw through the element's own setter and fires onChange only when the field's
  // value differs from it: reset what it saw, then write through the prototype's setter, which it does not watch.
  if (value !== '') field.value = '';
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Call just before hydrating: stops index.html keeping taps, reads the fields the visitor changed, and gives what
 * makes those changes and the kept tap again (once; run it after hydration).
 */
export function takeEarlyActions(container: HTMLElement): () => void {
  let tap = window.__earlyTap;
  window.__earlyTap = undefined;
  window.__pageTakenOver = true;
  let entries: Entry[] = [];
  for (const field of container.querySelectorAll<Field>('input, textarea, select')) {
    if (field.type === 'file' || field.type === 'hidden' || ('readOnly' in field && field.readOnly)) continue;
    const value = changedValue(field);
    if (value !== undefined) entries.push({ field, value });
  }
  return () => {
    const control = tap;
    const changed = entries;
    tap = undefined;
    entries = [];
    changed.forEach(enterAgain);
    if (control instanceof HTMLElement && control.isConnected && !control.matches(':disabled')) control.click();
  };
}

/** Runs `onHydrated` after the first commit of everything inside it (a parent's effects run after its children's). */
export function AfterHydration({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}
