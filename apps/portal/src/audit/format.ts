/** An event's time in the reader's locale, to the second (the audit trail's order is finer). */
export function formatEventTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** A detail's value as text: strings as they are, anything else as compact JSON. */
export function detailText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
