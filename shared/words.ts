/**
 * A count and its noun, singular for one: `countOf(2, 'enquiry')` is "2 enquiries", `countOf(1, 'mail')` "1 mail".
 * The plural is the noun's regular one (a consonant's "y" becomes "ies"), unless `many` says otherwise.
 */
export function countOf(count: number, one: string, many = one.replace(/([^aeiou])y$/, '$1ie') + 's'): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A length of time in hours, as staff say it: "under a minute", "25 min", "3 h 10 min" (under two days), "4 days".
 */
export function hoursInWords(hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
  }
  return countOf(Math.round(minutes / (24 * 60)), 'day');
}
