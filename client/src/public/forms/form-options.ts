/** Select options for an enumeration: its wire values with readable labels, in the order the labels list them. */
export function optionsOf<Value extends string>(labels: Record<Value, string>): { value: Value; label: string }[] {
  return (Object.keys(labels) as Value[]).map((value) => ({ value, label: labels[value] }));
}
