/**
 * A count and its noun, singular for one: `countOf(2, 'enquiry')` is "2 enquiries", `countOf(1, 'mail')` "1 mail".
 * The plural is the noun's regular one (a consonant's "y" becomes "ies"), unless `many` says otherwise.
 */
export function countOf(count: number, one: string, many = one.replace(/([^aeiou])y$/, '$1ie') + 's'): string {
  return `${count} ${count === 1 ? one : many}`;
}
