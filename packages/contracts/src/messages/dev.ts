/**
 * Ours: texts of the Developer screen the specification does not give (it names the actions and
 * the toasts of section 8, which live in toasts.ts).
 */
export const DEV_MESSAGES = {
  appsLoadFailed: 'The applications could not be loaded.',
  rolesLoadFailed: 'The roles could not be loaded.',
  iconUploadFailed: 'Icon upload failed.',
  secretShownOnce: 'Copy the secret now: it is shown only once.',
  builtInRole: 'Built-in roles cannot be deleted.',
} as const;
