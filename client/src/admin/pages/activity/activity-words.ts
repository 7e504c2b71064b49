/** How the Activity screen words the audit log's entries (server/src/audit, decision 040). */

/** An entry's action as a verb: "Asha changed the post …". */
const ACTIONS: Record<string, string> = {
  added: 'added',
  changed: 'changed',
  deleted: 'deleted',
  linked: 'added to a country or page',
  unlinked: 'took off a country or page',
};

export function actionWords(action: string): string {
  return ACTIONS[action] ?? action;
}

/** A column of a changed row in staff words: `body_html` → "Body", `image_id` → "Image". */
export function fieldWords(field: string): string {
  const words = field
    .replace(/_(id|html|url)$/, '')
    .replace(/^is_/, '')
    .replace(/_/g, ' ')
    // Names written their own way.
    .replace(/\bwhatsapp\b/, 'WhatsApp')
    .replace(/^alt text\b/, 'alternative text');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields that say nothing to staff in a summary (the row's id, stored files' fingerprints). */
const UNTOLD = /^id$|_sha256$/;

/** A change's fields that say something to staff, in their order. */
export function toldFields<Change>(changes: Record<string, Change>): [string, Change][] {
  return Object.entries(changes).filter(([field]) => !UNTOLD.test(field));
}

/** The fields a change changed, in words: "Title, Body". */
export function changedFieldWords(changes: Record<string, unknown>): string {
  return toldFields(changes)
    .map(([field]) => fieldWords(field))
    .join(', ');
}

/** What an entry did, as the rest of a sentence after who: "added post “Visa news” to Nepal, Canada". */
export function entryWords(entry: {
  action: string;
  kind: string;
  item_name: string | null;
  countries: { name: string }[];
}): string {
  const what = `${entry.kind}${entry.item_name ? ` “${entry.item_name}”` : ''}`;
  const where = entry.countries.map((country) => country.name).join(', ') || 'a page';
  if (entry.action === 'linked') return `added ${what} to ${where}`;
  if (entry.action === 'unlinked') return `took ${what} off ${where}`;
  return `${actionWords(entry.action)} ${what}`;
}

/** A recorded value as text: nothing is "(empty)", long text is cut, markup shown as its text. */
export function valueWords(value: unknown, max = 300): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  const text =
    typeof value === 'string'
      ? value
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
