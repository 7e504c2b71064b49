/** A count and its noun, singular for one: `countOf(2, 'enquiry', 'enquiries')` is "2 enquiries". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
