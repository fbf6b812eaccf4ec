/**
 * Ours: the "second factor required" policy (docs/mfa.md): its switches on the Company screen
 * and in the client editor, and the sign-in step that sets a factor up.
 */
export const SECOND_FACTOR_TEXTS = {
  securityHeading: 'Security',
  companySwitch: 'Require a second factor',
  required: 'Yes',
  notRequired: 'No',
  companyHelp:
    'Members without a PIN, passkey or authenticator app set one up right after their password, before they choose a company.',
  requiredNow: 'A second factor is now required.',
  notRequiredNow: 'A second factor is no longer required.',
  clientSwitch: 'Second factor required',
  setupTitle: 'Set up a second factor',
  setupText:
    'A second factor is required to sign in here. Set up an authenticator app on your phone: you will be asked for its code when you sign in.',
  setupDone: 'Your authenticator app is set up. Keep your recovery codes safe.',
} as const;
