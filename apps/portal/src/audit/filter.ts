import type { AuditFilter } from '@portico/contracts';

/** The filter form's fields as typed (times as the browser's local `datetime-local` text). */
export interface FilterDraft {
  from: string;
  to: string;
  actor: string;
  target: string;
  action: string;
  ip: string;
  client: string;
}

export const EMPTY_DRAFT: FilterDraft = {
  from: '',
  to: '',
  actor: '',
  target: '',
  action: '',
  ip: '',
  client: '',
};

/** A local date and time (`2026-11-24T09:30`) as the ISO instant the API takes. */
function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The draft as the calls' filter: empty fields left out, text trimmed, times as instants. */
export function filterOf(draft: FilterDraft): AuditFilter {
  const filter: AuditFilter = {};
  const from = instantOf(draft.from);
  const to = instantOf(draft.to);
  if (from) filter.from = from;
  if (to) filter.to = to;
  for (const key of ['actor', 'target', 'action', 'ip', 'client'] as const) {
    const value = draft[key].trim();
    if (value) filter[key] = value;
  }
  return filter;
}
