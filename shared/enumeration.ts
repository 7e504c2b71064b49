/**
 * An enumeration declared by the words people read for each value: the values (in the labels' order, which is the
 * order forms offer them and the database enum lists them) and the labels, from one table.
 */
export function enumeration<const Labels extends Record<string, string>>(
  labels: Labels,
): [values: readonly [keyof Labels & string, ...(keyof Labels & string)[]], labels: Labels] {
  const values = Object.keys(labels) as (keyof Labels & string)[];
  return [values as [keyof Labels & string, ...(keyof Labels & string)[]], labels];
}
