/** Button names of the generic detail editors (the specification names the actions only). */
export const EDITOR_LABELS = {
  edit: 'Edit',
  apply: 'Apply',
  cancel: 'Cancel',
  create: 'Create',
  delete: 'Delete',
} as const;
