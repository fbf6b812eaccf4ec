/**
 * Labels of the session-expired dialog that contracts does not hold (the specification names the
 * dialog and its methods, not its controls). The e2e tests find the dialog by these names.
 */
export const REAUTH_LABELS = {
  title: 'Session expired',
  methodsGroup: 'Sign in with',
  methods: { password: 'Password', mpin: 'MPIN', passkey: 'Passkey' },
  password: 'Password',
  mpin: 'MPIN',
  submit: 'Sign in',
  passkeyText: 'Use your passkey or biometrics to continue.',
  goToLogin: 'Go to login',
  loading: 'Loading sign-in options…',
} as const;
