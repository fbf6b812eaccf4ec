/** Button names of the generic detail editors (the specification names the actions only). */
export const EDITOR_LABELS = {
  edit: 'Edit',
  apply: 'Apply',
  cancel: 'Cancel',
  create: 'Create',
  delete: 'Delete',
  /** Ours: what view mode shows for an empty optional value. */
  empty: '—',
} as const;
